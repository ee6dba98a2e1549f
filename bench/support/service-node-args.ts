import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The node options `npm start` gives the service (package.json's start script, between
 * `node` and `dist/src/main.js`), so that a benchmark runs the service as it is deployed
 * (the Dockerfile's CMD carries the same, checked by test/e2e/deployment-files.test.ts).
 */
export function serviceNodeArgs(root = join(__dirname, '../../..')): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const m = /\bnode((?:\s+--\S+)*)\s+dist\/src\/main\.js/.exec(pkg.scripts.start ?? '');
  if (!m) throw new Error('package.json: the start script does not run node dist/src/main.js');
  return m[1]!.trim().split(/\s+/).filter(Boolean);
}
