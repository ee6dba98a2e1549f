import { existsSync } from 'node:fs';

/**
 * Whether a built file (a page of the guide, the dashboard's index) is there. Asked on the
 * requests that serve it: the disk is read until the file is found, then never again (a
 * build replaces files, it does not remove them while the service runs).
 */
export function builtFile(path: string): () => boolean {
  let found = false;
  return () => (found ||= existsSync(path));
}
