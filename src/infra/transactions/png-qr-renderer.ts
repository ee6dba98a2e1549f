import { encode } from 'fast-png';
import { correction, generate, type Bitmap2D } from 'lean-qr';
import type { QrRenderer } from '../../domain/transactions/transactions.ports';

/** Pixels per module, and quiet zone in modules (ISO/IEC 18004 asks for 4). */
const SCALE = 4;
const QUIET_ZONE = 4;

/**
 * Black-on-white 1-bit pixel rows of a QR symbol (PNG bit order: most significant bit
 * first; 0 is black in a 1-bit grayscale image).
 */
function bitRows(code: Bitmap2D): { size: number; data: Uint8Array } {
  const size = (code.size + 2 * QUIET_ZONE) * SCALE;
  const rowBytes = Math.ceil(size / 8);
  const data = new Uint8Array(rowBytes * size).fill(0xff);
  const row = new Uint8Array(rowBytes);
  for (let y = 0; y < code.size; y++) {
    row.fill(0xff);
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      for (let p = (x + QUIET_ZONE) * SCALE, end = p + SCALE; p < end; p++) row[p >> 3]! &= ~(0x80 >> (p & 7));
    }
    for (let k = 0; k < SCALE; k++) data.set(row, ((y + QUIET_ZONE) * SCALE + k) * rowBytes);
  }
  return { size, data };
}

/**
 * PNG data URI of a BR Code. The symbol comes from lean-qr (error correction at least
 * M, the mask chosen by the standard's penalty rules); fast-png writes it as a 1-bit
 * grayscale PNG (under 1 KB for a typical charge). It runs on every create and is the
 * request's largest share of CPU, hence the two fastest maintained pieces found.
 */
export class PngQrRenderer implements QrRenderer {
  async pngDataUri(payload: string): Promise<string> {
    const { size, data } = bitRows(generate(payload, { minCorrectionLevel: correction.M }));
    const png = encode({ width: size, height: size, data, depth: 1, channels: 1 });
    return `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
  }
}
