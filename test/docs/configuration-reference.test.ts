import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_SETTINGS } from '../../src/main/config';
import { ROOT } from '../support/compiled';

/**
 * The configuration reference (docs/operate/configuration.md) names every setting the
 * code reads: the service's (the configuration schema) and what tools, tests and
 * benchmarks read from `process.env`; and it names nothing that no code reads.
 */

const REFERENCE = readFileSync(join(ROOT, 'docs/operate/configuration.md'), 'utf8');

/** Passed from a benchmark to the processes it starts, not set by anyone. */
const INTERNAL = new Set(['KEY', 'CERT']);

/** Variables the reference's tables name in their first column. */
function documented(): Set<string> {
  const names = new Set<string>();
  for (const row of REFERENCE.matchAll(/^\| ([^|]+) \|/gm)) for (const m of row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  return names;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : sourceFiles(join(dir, e.name))) : /\.(ts|mts|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );

/** What code reads from `process.env` directly, outside the configuration schema. */
function readFromProcessEnv(): Set<string> {
  const names = new Set<string>();
  for (const file of ['src', 'bench', 'test', 'web', 'scripts'].flatMap(sourceFiles)) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) {
      const name = m[1] ?? m[2]!;
      if (!INTERNAL.has(name)) names.add(name);
    }
  }
  return names;
}

describe('the configuration reference', () => {
  it("names every setting of the service's configuration", () => {
    expect(CONFIG_SETTINGS.length).toBeGreaterThan(50);
    const names = documented();
    expect(CONFIG_SETTINGS.filter((s) => !names.has(s))).toEqual([]);
  });

  it('names every variable that tools, tests and benchmarks read', () => {
    const names = documented();
    expect([...readFromProcessEnv()].filter((s) => !names.has(s))).toEqual([]);
  });

  it('names no variable that nothing reads', () => {
    const read = new Set([...CONFIG_SETTINGS, ...readFromProcessEnv()]);
    expect([...documented()].filter((s) => !read.has(s))).toEqual([]);
  });
});
