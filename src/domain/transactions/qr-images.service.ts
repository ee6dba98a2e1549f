import { type QrImageFormat } from '../pix/qr-image';
import { DomainError } from '../shared/errors';
import type { QrImage, QrRenderer } from './transactions.ports';

/** A bounded store of rendered images (the adapter decides eviction, e.g. LRU by bytes). */
export interface QrImageCache {
  get(key: string): QrImage | undefined;
  set(key: string, image: QrImage): void;
}

export interface QrImagesDeps {
  brCodeAt(locationId: string): Promise<string | null>;
  renderer: QrRenderer;
  cache: QrImageCache;
}

export const locationNotFound = () => new DomainError('LOCATION_NOT_FOUND', 'no charge at this location', 'NOT_FOUND');

/**
 * QR images of charges, rendered on first request from the stored BR Code. A location's
 * BR Code never changes, so an image, once rendered, is valid forever: it is cached,
 * and concurrent first requests for the same image share one lookup and one render.
 */
export class QrImagesService {
  private readonly rendering = new Map<string, Promise<QrImage>>();

  constructor(private readonly d: QrImagesDeps) {}

  image(locationId: string, format: QrImageFormat, scale: number): Promise<QrImage> {
    const key = `${locationId}.${format}.${scale}`;
    const cached = this.d.cache.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.render(locationId, format, scale).then(
        (image) => {
          this.d.cache.set(key, image);
          return image;
        },
      ).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  /** The PNG data URI of a BR Code, for tools that want the image inline. */
  pngDataUri(brCode: string): Promise<string> {
    return this.d.renderer.pngDataUri(brCode);
  }

  private async render(locationId: string, format: QrImageFormat, scale: number): Promise<QrImage> {
    const brCode = await this.d.brCodeAt(locationId);
    if (brCode === null) throw locationNotFound();
    return this.d.renderer.image(brCode, format, scale);
  }
}
