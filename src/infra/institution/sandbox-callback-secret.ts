import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SANDBOX_CALLBACK_SECRET_FILE = 'institution-callback-secret';

/**
 * The sandbox's institution callback secret when none is configured: 256 random bits
 * made once per data folder and kept in `DATA_DIR/institution-callback-secret` (mode
 * 0600). Processes starting together on one folder agree: the file is written aside
 * and linked into place, which fails if another process got there first.
 */
export function sandboxCallbackSecret(dataDir: string): string {
  const file = join(dataDir, SANDBOX_CALLBACK_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(draft);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} is empty; delete it to have a new secret made`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}
