import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';

/** What a run's global setup would rebuild (`ensure-built.cjs --check`); empty when nothing. */
function staleBuild(): string {
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-built.cjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
  return check.status === 0 ? '' : check.stderr || `exit ${check.status}`;
}

describe('the type check and the built dashboard', () => {
  it('leaves an up-to-date build up to date: it rewrites none of the dashboard sources when nothing changed', () => {
    expect(staleBuild()).toBe('');
    const typecheck = spawnSync('npm', ['run', '-s', 'typecheck:web'], { cwd: ROOT, encoding: 'utf8' });
    expect(typecheck.status, typecheck.stdout + typecheck.stderr).toBe(0);
    expect(staleBuild()).toBe('');
  }, 300_000);
});
