import { describe, expect, it } from 'vitest';
import { LruQrImageCache } from './lru-qr-image-cache';

const image = (bytes: number) => ({ body: new Uint8Array(bytes), contentType: 'image/png', etag: `"${bytes}"` });

describe('LruQrImageCache', () => {
  it('is bounded by the bytes of the images it keeps, evicting the least recently used first', () => {
    const cache = new LruQrImageCache(1_000);
    cache.set('a', image(400));
    cache.set('b', image(400));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', image(400));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(800);
  });

  it('does not keep an image larger than the whole cache', () => {
    const cache = new LruQrImageCache(100);
    cache.set('big', image(101));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('keeps nothing when its bound is 0', () => {
    const cache = new LruQrImageCache(0);
    cache.set('a', image(10));
    expect(cache.get('a')).toBeUndefined();
  });
});
