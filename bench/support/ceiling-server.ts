import { randomUUID } from 'node:crypto';
import express from 'express';
import pg from 'pg';
import { buildDynamicBrCode } from '../../src/domain/pix/br-code';
import { QrImageRenderer } from '../../src/infra/transactions/qr-image-renderer';

/**
 * The ceiling for this stack on this machine: a minimal Express endpoint that does one
 * INSERT in a transaction on a pg pool, nothing else. Started as a child process by
 * the charges benchmark; prints its port. `/insert-with-qr` adds what no charge can
 * skip: building a BR Code and rendering its QR PNG, stored with the row.
 */
async function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  await pool.query('create table if not exists ceiling (id bigserial primary key, body jsonb not null, created_at timestamptz not null default now())');
  const app = express();
  app.use(express.json());
  const qr = new QrImageRenderer();
  const insert = (withQr: boolean) => async (req: express.Request, res: express.Response) => {
    let body = req.body as Record<string, unknown>;
    if (withQr) {
      const copyPaste = buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${randomUUID()}`, amountCents: Number(body.amount), merchantName: 'Loja Bench', merchantCity: 'Sao Paulo' });
      body = { ...body, copyPaste, qrCode: await qr.pngDataUri(copyPaste) };
    }
    const client = await pool.connect();
    try {
      await client.query('begin');
      const r = await client.query('insert into ceiling (body) values ($1) returning id, created_at', [JSON.stringify(body)]);
      await client.query('commit');
      res.status(201).json({ status: true, data: { ...r.rows[0], ...(withQr ? { copyPaste: body.copyPaste, qrCode: body.qrCode } : {}) } });
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      res.status(500).json({ error: String(e) });
    } finally {
      client.release();
    }
  };
  app.post('/insert', insert(false));
  app.post('/insert-with-qr', insert(true));
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
