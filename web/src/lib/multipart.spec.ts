import { describe, expect, it } from 'vitest';
import { extractFiles, graphqlBody } from './multipart';

const file = (name: string, text: string) => new File([text], name, { type: 'application/pdf' });

describe('GraphQL multipart request', () => {
  it('sends plain JSON when no variable holds a file', () => {
    const { body, multipart } = graphqlBody('query Q { me { credential } }', { a: 1, list: ['x'] });
    expect(multipart).toBe(false);
    expect(JSON.parse(body as string)).toEqual({ query: 'query Q { me { credential } }', variables: { a: 1, list: ['x'] } });
  });

  it('replaces every file by null and maps each to its path, nested ones included', () => {
    const a = file('a.pdf', 'A');
    const b = file('b.pdf', 'B');
    const out = extractFiles({ reason: 'r', files: [a, b], input: { doc: a } });
    expect(out.variables).toEqual({ reason: 'r', files: [null, null], input: { doc: null } });
    expect(out.files.map((f) => [f.path, f.file.name])).toEqual([
      ['variables.files.0', 'a.pdf'],
      ['variables.files.1', 'b.pdf'],
      ['variables.input.doc', 'a.pdf'],
    ]);
  });

  it('builds operations, map and one part per file, in that order', async () => {
    const { body, multipart } = graphqlBody('mutation M($f: [Upload!]) { x }', { f: [file('proof.pdf', '%PDF-1.4')] });
    expect(multipart).toBe(true);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['operations', 'map', '0']);
    expect(JSON.parse(form.get('operations') as string)).toEqual({ query: 'mutation M($f: [Upload!]) { x }', variables: { f: [null] } });
    expect(JSON.parse(form.get('map') as string)).toEqual({ 0: ['variables.f.0'] });
    const part = form.get('0') as File;
    expect(part.name).toBe('proof.pdf');
    expect(await part.text()).toBe('%PDF-1.4');
  });
});
