import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { routedUnder } from './routed-under';

async function get(app: express.Express, path: string): Promise<{ status: number; body: string }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, body: await res.text() };
  } finally {
    server.close();
  }
}

describe('routedUnder', () => {
  it('enters the router only for paths under its prefixes, compared as Express compares routes', async () => {
    let entered = 0;
    const router = Router();
    router.use((_req, _res, next) => {
      entered += 1;
      next();
    });
    router.get('/v1/things/:id', (req, res) => void res.send(`thing ${req.params.id}`));
    const app = express();
    app.use(routedUnder(['/v1/things'], router));
    app.use((_req, res) => void res.status(404).send('none'));

    expect(await get(app, '/v1/things/7')).toEqual({ status: 200, body: 'thing 7' });
    expect(await get(app, '/V1/Things/8')).toEqual({ status: 200, body: 'thing 8' });
    expect(entered).toBe(2);
    expect((await get(app, '/v1/thingsmore/1')).status).toBe(404);
    expect((await get(app, '/v2/things/1')).status).toBe(404);
    expect(entered).toBe(2);
  });

  it('refuses at start a router with a route outside its prefixes, and keeps its layers visible', () => {
    const router = Router();
    router.get('/v1/things', (_req, res) => void res.end());
    router.get('/v1/other', (_req, res) => void res.end());
    expect(() => routedUnder(['/v1/things'], router)).toThrow('/v1/other');
    expect(routedUnder(['/v1/things', '/v1/other'], router).stack).toBe(router.stack);
  });
});
