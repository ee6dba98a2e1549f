/**
 * The GraphQL multipart request spec (https://github.com/jaydenseric/graphql-multipart-request-spec):
 * every File in the variables becomes null in `operations`, `map` says where each
 * belongs, and the files follow as parts named by their index.
 */

/** The variables with every File replaced by null, and the files with their paths (`variables.files.0`). */
export function extractFiles(variables: unknown): { variables: unknown; files: { path: string; file: File }[] } {
  const files: { path: string; file: File }[] = [];
  const walk = (v: unknown, path: string): unknown => {
    if (v instanceof File) {
      files.push({ path, file: v });
      return null;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}.${i}`));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, `${path}.${k}`)]));
    return v;
  };
  return { variables: walk(variables ?? {}, 'variables'), files };
}

/** The request body: JSON without files, FormData (operations, map, then the files) with them. */
export function graphqlBody(query: string, variables: unknown): { body: string | FormData; multipart: boolean } {
  const extracted = extractFiles(variables);
  if (extracted.files.length === 0) return { body: JSON.stringify({ query, variables: variables ?? {} }), multipart: false };
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: extracted.variables }));
  form.append('map', JSON.stringify(Object.fromEntries(extracted.files.map((f, i) => [String(i), [f.path]]))));
  extracted.files.forEach((f, i) => form.append(String(i), f.file, f.file.name));
  return { body: form, multipart: true };
}
