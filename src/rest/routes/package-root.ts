import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package root (the folder with package.json), from src/ or from the tsc output in dist/src/. */
export function packageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
