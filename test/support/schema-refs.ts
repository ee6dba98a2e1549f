import type { ValidateFunction } from 'ajv';

/**
 * Validators of the schemas of a document added to ajv under `id`, by JSON pointer, each
 * compiled once: `validator(pointer('paths', '/x', 'get', ...))`.
 */
export function schemaRefs(ajv: { compile(schema: object): ValidateFunction }, id: string) {
  const compiled = new Map<string, ValidateFunction>();
  return {
    pointer: (...parts: string[]) => `${id}#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
    validator(ref: string): ValidateFunction {
      let v = compiled.get(ref);
      if (!v) {
        v = ajv.compile({ $ref: ref });
        compiled.set(ref, v);
      }
      return v;
    },
  };
}
