import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode } from '../../domain/pix/br-code';
import { QrImageRenderer } from './qr-image-renderer';

function read(dataUri: string) {
  expect(dataUri).toMatch(/^data:image\/png;base64,/);
  return PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

const decode = (png: PNG) => jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;

describe('QrImageRenderer', () => {
  const renderer = new QrImageRenderer();

  it.each([
    ['a typical charge', 'clxyz0123456789abcdefghij', 123456, 'Padaria São João', 'Florianópolis'],
    ['the longest name and city', 'a'.repeat(40), 99_999_999_99, 'Comércio de Alimentos Ltda ME', 'São José dos Campos'],
    ['the smallest amount', 'z1', 1, 'A', 'B'],
  ])('renders %s as a PNG that an independent decoder reads back as the exact BR Code', async (_, location, amountCents, merchantName, merchantCity) => {
    const code = buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${location}`, amountCents, merchantName, merchantCity });
    const png = read(await renderer.pngDataUri(code));
    expect(decode(png)).toBe(code);
  });

  it('is opaque black on white with a quiet zone of 4 modules (16 px) on every side', async () => {
    const code = buildDynamicBrCode({ locationUrl: 'pix.example.com/pix/qr/quiet', amountCents: 100, merchantName: 'Loja', merchantCity: 'Recife' });
    const png = read(await renderer.pngDataUri(code));
    expect(png.width).toBe(png.height);
    const pixel = (x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4));
    for (let i = 0; i < png.width; i++) {
      for (const [x, y] of [[i, 0], [i, 15], [0, i], [15, i], [i, png.height - 1], [png.width - 16, i]] as const) {
        expect(pixel(x, y)).toEqual([255, 255, 255, 255]);
      }
    }
    expect(pixel(16, 16)).toEqual([0, 0, 0, 255]); // the top-left finder pattern starts right after the quiet zone
  });

  it('scales the PNG by whole modules and keeps it decodable; the ETag follows the bytes', async () => {
    const code = buildDynamicBrCode({ locationUrl: 'pix.example.com/pix/qr/scaled', amountCents: 2500, merchantName: 'Loja', merchantCity: 'Recife' });
    const small = await renderer.image(code, 'png', 4);
    const large = await renderer.image(code, 'png', 10);
    const a = PNG.sync.read(Buffer.from(small.body));
    const b = PNG.sync.read(Buffer.from(large.body));
    expect(b.width / a.width).toBe(10 / 4);
    expect(decode(b)).toBe(code);
    expect(small.contentType).toBe('image/png');
    expect(small.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(small.etag).not.toBe(large.etag);
    expect((await renderer.image(code, 'png', 4)).etag).toBe(small.etag);
  });

  it('renders the same symbol as an SVG document with a white quiet zone of 4 modules', async () => {
    const code = buildDynamicBrCode({ locationUrl: 'pix.example.com/pix/qr/vector', amountCents: 700, merchantName: 'Loja', merchantCity: 'Recife' });
    const img = await renderer.image(code, 'svg', 5);
    const svg = Buffer.from(img.body).toString('utf8');
    expect(img.contentType).toBe('image/svg+xml');
    expect(svg).toMatch(/^<\?xml/);
    const viewBox = /viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"/.exec(svg);
    expect(viewBox?.slice(1, 3)).toEqual(['-4', '-4']);
    const modules = Number(viewBox![3]);
    const png = PNG.sync.read(Buffer.from((await renderer.image(code, 'png', 1)).body));
    expect(modules).toBe(png.width); // same symbol size, same quiet zone as the PNG
    expect(svg).toContain(`width="${modules * 5}"`);
    expect(svg).toMatch(/fill="#fff"/);
  });
});
