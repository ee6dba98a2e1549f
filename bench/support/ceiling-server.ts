import express from 'express';
import pg from 'pg';
import { buildDynamicBrCode } from '../../src/domain/pix/br-code';
import { QR_IMAGE_SIZE } from '../../src/domain/pix/qr-image';
import { QrImageRenderer } from '../../src/infra/transactions/qr-image-renderer';

/**
 * The ceilings for this stack on this machine, started as a child process by the charges
 * benchmark (prints its port): `POST /insert`, one INSERT in a transaction on a pg pool,
 * nothing else; `GET /select/:id`, one SELECT by primary key; `GET /static.png`, a
 * QR-sized PNG answered from memory by Express.
 */
async function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  await pool.query('create table if not exists ceiling (id bigserial primary key, body jsonb not null, created_at timestamptz not null default now())');
  const app = express();
  app.use(express.json());
  app.post('/insert', async (req, res) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const r = await client.query('insert into ceiling (body) values ($1) returning id, created_at', [JSON.stringify(req.body)]);
      await client.query('commit');
      res.status(201).json({ status: true, data: r.rows[0] });
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      res.status(500).json({ error: String(e) });
    } finally {
      client.release();
    }
  });
  app.get('/select/:id', async (req, res) => {
    const r = await pool.query('select id, body, created_at from ceiling where id = $1', [req.params.id]);
    if (!r.rows[0]) return void res.status(404).json({ status: false });
    res.json({ status: true, data: r.rows[0] });
  });
  const code = buildDynamicBrCode({ locationUrl: 'pix.example.com/pix/qr/ceilingceilingceiling01', amountCents: 1050, merchantName: 'Loja Bench', merchantCity: 'Sao Paulo' });
  const png = Buffer.from((await new QrImageRenderer().image(code, 'png', QR_IMAGE_SIZE.default)).body);
  app.get('/static.png', (_req, res) => {
    res.type('png').send(png);
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
