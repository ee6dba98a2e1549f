import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { ExportArchive } from '../../domain/privacy/data-subject.ports';

/** A section as a JSON array, one row per line, produced as the ZIP asks for it. */
async function* jsonArray(rows: AsyncIterable<Record<string, unknown>>): AsyncIterable<Buffer> {
  yield Buffer.from('[\n');
  let first = true;
  for await (const row of rows) {
    yield Buffer.from(`${first ? '' : ',\n'}${JSON.stringify(row)}`);
    first = false;
  }
  yield Buffer.from('\n]\n');
}

const README = `PixPay personal-data export.
One JSON file per section (an array of rows). Amounts are integers in cents (BRL);
dates are ISO 8601 in UTC. Credentials (password and key digests, TOTP seeds,
webhook secrets) are never exported.
`;

/**
 * ZIP files under one folder (`DATA_DIR/exports`). yazl pulls one entry's stream at a
 * time and the rows are read a page at a time, so memory stays flat whatever the size.
 */
export class ZipExportArchive implements ExportArchive {
  constructor(readonly dir: string) {}

  pathOf(file: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(file)) throw new Error(`not an export file name: ${file}`);
    return join(this.dir, file);
  }

  async write(name: string, sections: { name: string; rows: AsyncIterable<Record<string, unknown>> }[]) {
    await mkdir(this.dir, { recursive: true });
    const file = `${name}.zip`;
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(README), 'README.txt');
    for (const s of sections) zip.addReadStream(Readable.from(jsonArray(s.rows), { objectMode: false }), `${s.name}.json`);
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(this.pathOf(file)));
    return { file, bytes: (await stat(this.pathOf(file))).size };
  }

  open(file: string): NodeJS.ReadableStream {
    return createReadStream(this.pathOf(file));
  }

  async remove(file: string): Promise<void> {
    await rm(this.pathOf(file), { force: true });
  }
}
