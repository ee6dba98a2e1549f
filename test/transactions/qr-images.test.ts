import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { gql, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api', PUBLIC_BASE_URL: 'https://pix.example.com' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

async function charge(amount = 1_050) {
  const res = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, body: { amount }, idempotencyKey: randomUUID() });
  expect(res.status).toBe(201);
  const t = res.body.data;
  const locationId = /\/pix\/qr\/([a-z0-9]+)\.png$/.exec(t.pix.qrCode)![1]!;
  return { t, locationId, path: new URL(t.pix.qrCode).pathname };
}

const decodePng = (bytes: Buffer) => {
  const png = PNG.sync.read(bytes);
  return { png, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
};

describe('QR images by URL', () => {
  it('pix.qrCode is the absolute PNG URL; the image there decodes to the charge BR Code and is cacheable forever', async () => {
    const { t, path } = await charge();
    expect(t.pix.qrCode).toBe(`https://pix.example.com${path}`);
    const res = await contractFetch(`${app.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(2_000);
    expect(decodePng(bytes).text).toBe(t.pix.copyPaste);

    const again = await contractFetch(`${app.url}${path}`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);

    const revalidated = await contractFetch(`${app.url}${path}`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves the SVG beside it and scales with size, within bounds', async () => {
    const { locationId, t } = await charge(2_500);
    const svg = await contractFetch(`${app.url}/pix/qr/${locationId}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('cache-control')).toContain('immutable');
    expect(await svg.text()).toMatch(/^<\?xml[^>]*\?><svg /);

    const small = decodePng(Buffer.from(await (await contractFetch(`${app.url}/pix/qr/${locationId}.png`)).arrayBuffer()));
    const large = decodePng(Buffer.from(await (await contractFetch(`${app.url}/pix/qr/${locationId}.png?size=8`)).arrayBuffer()));
    expect(large.png.width).toBe(small.png.width * 2);
    expect(large.text).toBe(t.pix.copyPaste);

    for (const size of ['0', '33', 'abc', '2.5']) {
      const res = await rest(app, 'GET', `/pix/qr/${locationId}.png?size=${size}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: false, erro: 'INVALID_QR_SIZE', path: `/pix/qr/${locationId}.png` });
    }
  });

  it('answers 404 in the standard format for unknown locations, and the JWS location route is unchanged', async () => {
    for (const path of ['/pix/qr/unknown.png', '/pix/qr/unknown.svg']) {
      const res = await rest(app, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: false, erro: 'LOCATION_NOT_FOUND', path });
    }
    const { locationId } = await charge();
    const jws = await contractFetch(`${app.url}/pix/qr/${locationId}`);
    expect(jws.status).toBe(200);
    expect(jws.headers.get('content-type')).toMatch(/^application\/jose/);
  });

  it('no image is stored with the charge', async () => {
    const columns = await sqlOf(app).query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'transactions' and table_schema = current_schema()`,
    );
    expect(columns.map((c) => c.column_name)).toContain('br_code');
    expect(columns.map((c) => c.column_name)).not.toContain('qr_code');
  });

  it('GraphQL gives the URL, and the PNG data URI only when asked for', async () => {
    const { t } = await charge(3_000);
    const r = await gql<{ transaction: { pix: { copyPaste: string; qrCode: string; qrCodeDataUri: string } } }>(
      app,
      'query($id: ID!) { transaction(id: $id) { pix { copyPaste qrCode qrCodeDataUri } } }',
      { id: t.id },
      seller.apiKey,
    );
    expect(r.errors).toBeUndefined();
    const pix = r.data!.transaction.pix;
    expect(pix.qrCode).toBe(t.pix.qrCode);
    expect(pix.qrCodeDataUri).toMatch(/^data:image\/png;base64,/);
    expect(decodePng(Buffer.from(pix.qrCodeDataUri.split(',')[1]!, 'base64')).text).toBe(t.pix.copyPaste);
  });
});
