import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { QrImagesService, type QrImageCache } from './qr-images.service';
import type { QrImage, QrRenderer } from './transactions.ports';

class MapCache implements QrImageCache {
  readonly map = new Map<string, QrImage>();
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, image: QrImage) {
    this.map.set(key, image);
  }
}

function setup(codes: Record<string, string>) {
  const calls = { lookups: 0, renders: [] as string[] };
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const renderer: QrRenderer = {
    async image(payload, format, scale) {
      calls.renders.push(`${payload}/${format}/${scale}`);
      await gate;
      return { body: new TextEncoder().encode(`${payload}:${format}:${scale}`), contentType: `image/${format}`, etag: `"${payload}-${scale}"` };
    },
    async pngDataUri(payload) {
      return `data:image/png;base64,${payload}`;
    },
  };
  const cache = new MapCache();
  const service = new QrImagesService({
    brCodeAt: async (id) => {
      calls.lookups++;
      return codes[id] ?? null;
    },
    renderer,
    cache,
  });
  return { service, cache, calls, release };
}

describe('QrImagesService', () => {
  it('renders an image once from the BR Code at the location, then answers from the cache', async () => {
    const { service, calls, release } = setup({ loc1: 'BRCODE1' });
    release();
    const first = await service.image('loc1', 'png', 4);
    const again = await service.image('loc1', 'png', 4);
    expect(again).toBe(first);
    expect(calls).toEqual({ lookups: 1, renders: ['BRCODE1/png/4'] });
  });

  it('keeps each format and size apart', async () => {
    const { service, calls, release } = setup({ loc1: 'BRCODE1' });
    release();
    await service.image('loc1', 'png', 4);
    await service.image('loc1', 'png', 8);
    await service.image('loc1', 'svg', 4);
    expect(calls.renders).toEqual(['BRCODE1/png/4', 'BRCODE1/png/8', 'BRCODE1/svg/4']);
  });

  it('shares one lookup and one render among concurrent first requests', async () => {
    const { service, calls, release } = setup({ loc1: 'BRCODE1' });
    const pending = Array.from({ length: 5 }, () => service.image('loc1', 'png', 4));
    release();
    const images = await Promise.all(pending);
    expect(new Set(images).size).toBe(1);
    expect(calls.lookups).toBe(1);
    expect(calls.renders).toHaveLength(1);
  });

  it('refuses an unknown location with LOCATION_NOT_FOUND and caches nothing for it', async () => {
    const { service, cache, calls, release } = setup({});
    release();
    const failure = await service.image('nope', 'png', 4).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'LOCATION_NOT_FOUND', kind: 'NOT_FOUND' });
    await service.image('nope', 'png', 4).catch(() => undefined);
    expect(calls.lookups).toBe(2);
    expect(cache.map.size).toBe(0);
  });
});
