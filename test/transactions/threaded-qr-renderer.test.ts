import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDynamicBrCode } from '../../src/domain/pix/br-code';
import { QrImageRenderer } from '../../src/infra/transactions/qr-image-renderer';
import { ThreadedQrRenderer } from '../../src/infra/transactions/threaded-qr-renderer';
import { ROOT } from '../support/compiled';

// The compiled worker (the global setup builds dist/ when sources are newer).
const threaded = new ThreadedQrRenderer(2, join(ROOT, 'dist/src/infra/transactions/qr-render-worker.js'));
const inProcess = new QrImageRenderer();
afterAll(() => threaded.close());

describe('QR images rendered in worker threads', () => {
  it('start no thread before the first render', async () => {
    const lazy = new ThreadedQrRenderer(1, join(ROOT, 'dist/src/infra/transactions/qr-render-worker.js'));
    try {
      expect(lazy.threads).toBe(0);
      const code = buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${randomUUID().replaceAll('-', '')}`, amountCents: 100, merchantName: 'Loja Teste', merchantCity: 'Sao Paulo' });
      await lazy.image(code, 'png', 4);
      expect(lazy.threads).toBe(1);
    } finally {
      await lazy.close();
    }
  });

  it('are the same bytes, type and ETag as rendered in process, under concurrency', async () => {
    const codes = Array.from({ length: 40 }, (_, i) =>
      buildDynamicBrCode({ locationUrl: `pix.example.com/pix/qr/${randomUUID().replaceAll('-', '')}`, amountCents: 100 + i, merchantName: 'Loja Teste', merchantCity: 'Sao Paulo' }),
    );
    const jobs = codes.flatMap((code, i) => (['png', 'svg'] as const).map((format) => ({ code, format, scale: 2 + (i % 6) })));
    const fromThreads = await Promise.all(jobs.map((j) => threaded.image(j.code, j.format, j.scale)));
    for (const [i, j] of jobs.entries()) {
      const expected = await inProcess.image(j.code, j.format, j.scale);
      expect(Buffer.from(fromThreads[i]!.body).equals(Buffer.from(expected.body))).toBe(true);
      expect(fromThreads[i]).toMatchObject({ contentType: expected.contentType, etag: expected.etag });
    }
  });
});
