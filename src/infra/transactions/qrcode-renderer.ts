import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import type { QrRenderer } from '../../domain/transactions/transactions.ports';

const SCALE = 4;
const MARGIN = 2;

/**
 * PNG data URI of a BR Code: the QR matrix from `qrcode` (error correction M, best
 * mask), written as an 8-bit grayscale PNG by `pngjs` synchronously. About twice as
 * fast and half the size of qrcode's own RGBA renderer, which matters on every create.
 */
export class QrcodeRenderer implements QrRenderer {
  async pngDataUri(payload: string): Promise<string> {
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const dark = qr.modules.data;
    const size = (n + 2 * MARGIN) * SCALE;
    const pixels = Buffer.alloc(size * size, 255);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (!dark[y * n + x]) continue;
        for (let dy = 0; dy < SCALE; dy++) {
          const start = ((y + MARGIN) * SCALE + dy) * size + (x + MARGIN) * SCALE;
          pixels.fill(0, start, start + SCALE);
        }
      }
    }
    const image = new PNG({ width: size, height: size, colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 });
    image.data = pixels;
    // Filter "Up": rows repeat within a module, so most filtered rows are zeros.
    const png = PNG.sync.write(image, { colorType: 0, inputColorType: 0, inputHasAlpha: false, filterType: 2 });
    return `data:image/png;base64,${png.toString('base64')}`;
  }
}
