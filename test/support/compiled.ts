import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The project root, where `dist/` (the compiled service and tools) lives. */
export const ROOT = join(__dirname, '../..');

/**
 * vitest global setup: tests that start the compiled entry points (`dist/src/main.js`,
 * `dist/src/cli/admin.js`) get an up-to-date build, compiled once per run and only
 * when a source is newer than the last build (`npm ci` already built it).
 */
export default function setup(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.cjs')], { cwd: ROOT, stdio: 'inherit' });
}
