import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode } from '../../domain/pix/br-code';
import { QrcodeRenderer } from './qrcode-renderer';

function decode(dataUri: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('QrcodeRenderer', () => {
  it('renders a PNG that an independent decoder reads back as the exact BR Code', async () => {
    const code = buildDynamicBrCode({ locationUrl: 'pix.example.com/pix/qr/clxyz0123456789abcdefghij', amountCents: 123456, merchantName: 'Padaria São João', merchantCity: 'Florianópolis' });
    const uri = await new QrcodeRenderer().pngDataUri(code);
    expect(uri).toMatch(/^data:image\/png;base64,/);
    expect(decode(uri)).toBe(code);
  });
});
