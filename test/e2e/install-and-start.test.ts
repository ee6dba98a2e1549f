import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };

describe('installing and starting', () => {
  it('compiles once at install (prepare runs the build), and start, admin and bench run the compiled output', () => {
    expect(pkg.scripts.prepare).toBe('npm run build');
    for (const name of ['start', 'admin', 'bench', 'migrate', 'webhook-receiver', 'totp']) {
      expect(pkg.scripts[name]).toMatch(/^node scripts\/ensure-built\.cjs && (exec )?node dist\//);
      expect(pkg.scripts[name]).not.toContain('tsc');
    }
  });

  it('does not rebuild when nothing changed since the last build', () => {
    // The global setup has just built (or found dist/ up to date).
    const stamp = statSync(join(ROOT, 'dist/.built')).mtimeMs;
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.cjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    expect(out).toBe('');
    expect(statSync(join(ROOT, 'dist/.built')).mtimeMs).toBe(stamp);
  });

  it('declares the Node versions it supports, and this one is among them', () => {
    expect(pkg.engines.node).toBe('^20.11 || ^22 || ^24');
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const supported = (major === 20 && minor >= 11) || major === 22 || major === 24;
    expect(supported, `Node ${process.versions.node}`).toBe(true);
  });
});
