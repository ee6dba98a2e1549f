import { z } from 'zod';
import { parseWith, queryInteger } from '../shared/zod-input';

export const QR_IMAGE_FORMATS = ['png', 'svg'] as const;
export type QrImageFormat = (typeof QR_IMAGE_FORMATS)[number];

/** `size` of an image URL: pixels per QR module. 4 px gives about 250 px for a typical charge. */
export const QR_IMAGE_SIZE = { default: 4, min: 1, max: 32 } as const;

/** The absolute URL of a charge's QR image, served by GET /pix/qr/<locationId>.<format>. */
export function qrImageUrl(publicBaseUrl: string, locationId: string, format: QrImageFormat = 'png'): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/pix/qr/${locationId}.${format}`;
}

/** The query of a QR image: validates it and documents it. */
export const QrImageQuery = z.object({
  size: queryInteger({
    min: QR_IMAGE_SIZE.min,
    max: QR_IMAGE_SIZE.max,
    code: 'INVALID_QR_SIZE',
    message: `size must be an integer from ${QR_IMAGE_SIZE.min} to ${QR_IMAGE_SIZE.max} (pixels per module)`,
    description: `pixels per module, ${QR_IMAGE_SIZE.min} to ${QR_IMAGE_SIZE.max}, default ${QR_IMAGE_SIZE.default}`,
  }),
});

/** The `size` query parameter: absent or empty means the default; anything else must be an integer within bounds. */
export function parseQrImageSize(raw: unknown): number {
  return parseWith(QrImageQuery, { size: raw }).size ?? QR_IMAGE_SIZE.default;
}
