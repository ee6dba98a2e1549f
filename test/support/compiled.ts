import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The project root, where `dist/` (the compiled service, tools and dashboard) lives. */
export const ROOT = join(__dirname, '../..');

/**
 * vitest global setup: tests that start the compiled entry points (`dist/src/main.js`,
 * `dist/src/cli/*.js`) or serve the dashboard (`dist/web`) get an up-to-date build,
 * made before any test file starts and only when a source is newer than the last build
 * (`npm ci` already built it). No test builds: a build rewrites what others are using.
 */
export default function setup(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.cjs')], { cwd: ROOT, stdio: 'inherit' });
}
