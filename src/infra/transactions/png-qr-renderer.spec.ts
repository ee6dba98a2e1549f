import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode } from '../../domain/pix/br-code';
import { PngQrRenderer } from './png-qr-renderer';

function read(dataUri: string) {
  expect(dataUri).toMatch(/^data:image\/png;base64,/);
  return PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

const decode = (png: PNG) => jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;

describe('PngQrRenderer', () => {
  const renderer = new PngQrRenderer();

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
});
