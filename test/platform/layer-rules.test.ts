import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const run = promisify(execFile);

/** Each import that climbs a floor, and the rule of `.dependency-cruiser.cjs` that must refuse it. */
const VIOLATIONS: { from: string; to: string; rule: string }[] = [
  { from: 'src/domain/a.ts', to: 'src/infra/b.ts', rule: 'domain-is-pure' },
  { from: 'src/domain/c.ts', to: 'src/application/d.ts', rule: 'domain-is-pure' },
  { from: 'src/application/e.ts', to: 'src/infra/f.ts', rule: 'application-is-one-floor-below-the-doors' },
  { from: 'src/application/g.ts', to: 'src/rest/h.ts', rule: 'application-is-one-floor-below-the-doors' },
  { from: 'src/application/i.ts', to: 'src/main/j.ts', rule: 'application-is-one-floor-below-the-doors' },
  { from: 'src/rest/k.ts', to: 'src/main/l.ts', rule: 'doors-see-only-the-application' },
  { from: 'src/graphql/m.ts', to: 'src/infra/n.ts', rule: 'doors-see-no-adapters' },
  { from: 'src/rest/o.ts', to: 'src/graphql/p.ts', rule: 'doors-do-not-cross' },
  { from: 'src/graphql/q.ts', to: 'src/rest/r.ts', rule: 'doors-do-not-cross-back' },
  { from: 'src/infra/s.ts', to: 'src/application/t.ts', rule: 'adapters-stand-below-the-root' },
  { from: 'src/infra/u.ts', to: 'src/main/v.ts', rule: 'adapters-stand-below-the-root' },
];

const workDir = mkdtempSync(join(tmpdir(), 'layer-rules-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(workDir, path)), { recursive: true });
  writeFileSync(join(workDir, path), text);
}

function importPath(from: string, to: string): string {
  const rel = join(...dirname(from).split('/').map(() => '..'), to.replace(/\.ts$/, ''));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

describe('the layer check (npm run check:layers)', () => {
  it('refuses every import that climbs a floor, each by its rule, and accepts the allowed directions', async () => {
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'es2022', strict: true } }));
    for (const { from, to } of VIOLATIONS) {
      write(to, 'export const x = 1;\n');
      write(from, `import { x } from '${importPath(from, to)}';\nexport const y = x;\n`);
    }
    // Downward imports are fine: a door uses the facade, the facade names the domain, the root wires everything.
    const allowed = [
      ['src/rest/ok-door.ts', 'src/application/ok-facade.ts'],
      ['src/application/ok-facade2.ts', 'src/domain/ok-domain.ts'],
      ['src/main/ok-root.ts', 'src/infra/ok-adapter.ts'],
      ['src/cli/ok-cli.ts', 'src/main/ok-root2.ts'],
    ];
    for (const [from, to] of allowed) {
      write(to, 'export const x = 1;\n');
      write(from, `import { x } from '${importPath(from, to)}';\nexport const y = x;\n`);
    }

    const depcruise = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    const answer = await run(process.execPath, [depcruise, 'src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd: workDir }).catch(
      (e: { stdout: string }) => ({ stdout: e.stdout }),
    );
    const report = JSON.parse(answer.stdout) as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
    const found = new Set(report.summary.violations.map((v) => `${v.from} -> ${v.to}: ${v.rule.name}`));
    for (const v of VIOLATIONS) expect(found, `${v.from} -> ${v.to}`).toContain(`${v.from} -> ${v.to}: ${v.rule}`);
    // Nothing else is flagged: the downward imports pass (an import may break more than one rule).
    const flaggedPairs = new Set(report.summary.violations.map((v) => `${v.from} -> ${v.to}`));
    expect([...flaggedPairs].sort()).toEqual(VIOLATIONS.map((v) => `${v.from} -> ${v.to}`).sort());
  }, 60_000);
});
