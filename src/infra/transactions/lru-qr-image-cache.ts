import { LRUCache } from 'lru-cache';
import type { QrImageCache } from '../../domain/transactions/qr-images.service';
import type { QrImage } from '../../domain/transactions/transactions.ports';

/** Rendered QR images kept in process, least recently used evicted first, bounded by their bytes. */
export class LruQrImageCache implements QrImageCache {
  /** Null when the bound is 0: nothing is kept. */
  private readonly lru: LRUCache<string, QrImage> | null;

  constructor(maxBytes: number) {
    this.lru = maxBytes > 0 ? new LRUCache<string, QrImage>({ maxSize: maxBytes, sizeCalculation: (image) => Math.max(1, image.body.byteLength) }) : null;
  }

  get(key: string): QrImage | undefined {
    return this.lru?.get(key);
  }

  set(key: string, image: QrImage): void {
    // An image larger than the whole cache is served but not kept.
    if (this.lru && image.body.byteLength <= this.lru.maxSize) this.lru.set(key, image);
  }

  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }
}
