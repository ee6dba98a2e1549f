import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Whether the folder already holds a database (PostgreSQL's version file is at its root). */
export const embeddedDatabaseExists = (dataDir: string): boolean => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * The program the child runs: create the database in the folder, close it, exit. It
 * needs nothing of this project but PGlite, so it is passed inline and runs the same
 * from the compiled service and from the TypeScript sources under test.
 * Arguments: PGlite's entry file, the data folder, the start parameters as JSON.
 */
const CREATE_AND_EXIT = `
const [entry, dataDir, startParams] = process.argv.slice(1);
const { PGlite } = require(entry);
PGlite.create({ dataDir, startParams: JSON.parse(startParams) })
  .then((db) => db.close())
  .then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.message ? e.message : e)); process.exit(1); });
`;

/**
 * Creates a new PGlite database in a short-lived child process. Creating one runs initdb
 * in a second WebAssembly instance; in the serving process that memory (several hundred
 * MB) would stay allocated for the process's life, since WebAssembly memory never
 * shrinks. The child's memory goes back to the system when it exits, and the serving
 * process then opens an existing folder, which costs a fraction of it.
 */
export function createEmbeddedDatabaseInChild(dataDir: string, startParams: readonly string[]): Promise<void> {
  const entry = require.resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', CREATE_AND_EXIT, entry, dataDir, JSON.stringify(startParams)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database in ${dataDir} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}
