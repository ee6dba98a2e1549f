import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../rest/routes/package-root';

/** The version in package.json: what /health and the start banner report (see CHANGELOG.md). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(__dirname), 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string') throw new Error('package.json has no version');
  return pkg.version;
}
