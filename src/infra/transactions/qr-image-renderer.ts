import { createHash } from 'node:crypto';
import { encode } from 'fast-png';
import { correction, generate, type Bitmap2D } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';
import { QR_IMAGE_SIZE, type QrImageFormat } from '../../domain/pix/qr-image';
import type { QrImage, QrRenderer } from '../../domain/transactions/transactions.ports';

/** Quiet zone in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * Black-on-white 1-bit pixel rows of a QR symbol (PNG bit order: most significant bit
 * first; 0 is black in a 1-bit grayscale image).
 */
function bitRows(code: Bitmap2D, scale: number): { size: number; data: Uint8Array } {
  const size = (code.size + 2 * QUIET_ZONE) * scale;
  const rowBytes = Math.ceil(size / 8);
  const data = new Uint8Array(rowBytes * size).fill(0xff);
  const row = new Uint8Array(rowBytes);
  for (let y = 0; y < code.size; y++) {
    row.fill(0xff);
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      for (let p = (x + QUIET_ZONE) * scale, end = p + scale; p < end; p++) row[p >> 3]! &= ~(0x80 >> (p & 7));
    }
    for (let k = 0; k < scale; k++) data.set(row, ((y + QUIET_ZONE) * scale + k) * rowBytes);
  }
  return { size, data };
}

const symbol = (payload: string) => generate(payload, { minCorrectionLevel: correction.M });

function png(code: Bitmap2D, scale: number): Uint8Array {
  const { size, data } = bitRows(code, scale);
  return encode({ width: size, height: size, data, depth: 1, channels: 1 });
}

function svg(code: Bitmap2D, scale: number): Uint8Array {
  const side = (code.size + 2 * QUIET_ZONE) * scale;
  const source = toSvgSource(code, { on: '#000', off: '#fff', pad: QUIET_ZONE, width: side, height: side, xmlDeclaration: true });
  return Buffer.from(source, 'utf8');
}

const etagOf = (body: Uint8Array) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * QR images of BR Codes. The symbol comes from lean-qr (error correction at least M,
 * the mask chosen by the standard's penalty rules); fast-png writes it as a 1-bit
 * grayscale PNG (under 1 KB for a typical charge at 4 px per module), lean-qr's SVG
 * extra writes the vector form. The two fastest maintained pieces found.
 */
export class QrImageRenderer implements QrRenderer {
  async image(payload: string, format: QrImageFormat, scale: number): Promise<QrImage> {
    const code = symbol(payload);
    const body = format === 'png' ? png(code, scale) : svg(code, scale);
    return { body, contentType: format === 'png' ? 'image/png' : 'image/svg+xml', etag: etagOf(body) };
  }

  async pngDataUri(payload: string): Promise<string> {
    const bytes = png(symbol(payload), QR_IMAGE_SIZE.default);
    return `data:image/png;base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
  }

  /** Nothing to stop: it renders in the caller's thread. */
  async close(): Promise<void> {}
}
