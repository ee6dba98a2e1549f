import { correction, generate } from 'lean-qr';
import { toPngDataURL } from 'lean-qr/extras/node_export';
import type { QrRenderer } from '../../domain/transactions/transactions.ports';

/** Pixels per module, and quiet zone in modules (ISO/IEC 18004 asks for 4). */
const SCALE = 4;
const QUIET_ZONE = 4;
const BLACK = [0, 0, 0, 255] as const;
const WHITE = [255, 255, 255, 255] as const;

/**
 * PNG data URI of a BR Code, by lean-qr: error correction at least M, the mask chosen
 * by the standard's penalty rules, written as a 1-bit palette PNG (under 1 KB for a
 * typical charge). It runs on every create, so its cost is the request's largest share;
 * lean-qr takes about half the time of the previous encoder and writes a far smaller image.
 */
export class PngQrRenderer implements QrRenderer {
  async pngDataUri(payload: string): Promise<string> {
    const code = generate(payload, { minCorrectionLevel: correction.M });
    return toPngDataURL(code, { scale: SCALE, pad: QUIET_ZONE, on: BLACK, off: WHITE });
  }
}
