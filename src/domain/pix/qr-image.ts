import { validationError } from '../shared/errors';
import { integerParam } from '../shared/query-params';

export const QR_IMAGE_FORMATS = ['png', 'svg'] as const;
export type QrImageFormat = (typeof QR_IMAGE_FORMATS)[number];

/** `size` of an image URL: pixels per QR module. 4 px gives about 250 px for a typical charge. */
export const QR_IMAGE_SIZE = { default: 4, min: 1, max: 32 } as const;

/** The absolute URL of a charge's QR image, served by GET /pix/qr/<locationId>.<format>. */
export function qrImageUrl(publicBaseUrl: string, locationId: string, format: QrImageFormat = 'png'): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/pix/qr/${locationId}.${format}`;
}

/** The `size` query parameter: absent means the default; anything else must be an integer within bounds. */
export function parseQrImageSize(raw: unknown): number {
  if (raw === undefined || raw === '') return QR_IMAGE_SIZE.default;
  const n = integerParam(raw);
  if (n === null || n < QR_IMAGE_SIZE.min || n > QR_IMAGE_SIZE.max) {
    throw validationError('INVALID_QR_SIZE', `size must be an integer from ${QR_IMAGE_SIZE.min} to ${QR_IMAGE_SIZE.max} (pixels per module)`, { field: 'size' });
  }
  return n;
}
