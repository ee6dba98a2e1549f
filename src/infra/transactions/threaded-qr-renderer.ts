import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { QrImageFormat } from '../../domain/pix/qr-image';
import type { QrImage, QrRenderer } from '../../domain/transactions/transactions.ports';
import { QrImageRenderer } from './qr-image-renderer';
import type { QrRenderTask } from './qr-render-worker';

/** The compiled worker; absent when the code runs from its TypeScript sources (tests). */
const WORKER_FILE = join(__dirname, 'qr-render-worker.js');

export interface ClosableQrRenderer extends QrRenderer {
  close(): Promise<void>;
}

/**
 * QR images rendered in worker threads (piscina), off the event loop: a cold render
 * costs about a millisecond of CPU, which would otherwise hold up every other request
 * of the process, and a second core can render while the first answers. The same
 * renderer runs in each thread, so the images are the same bytes as in process.
 * Threads start with the first render and stop after a minute without one: a process
 * that serves no images (a worker, a quiet api) does not hold their memory (about 20 MB each).
 */
export class ThreadedQrRenderer implements ClosableQrRenderer {
  private readonly inProcess = new QrImageRenderer();
  private readonly pool: Piscina<QrRenderTask, QrImage>;

  constructor(threads: number, workerFile = WORKER_FILE) {
    this.pool = new Piscina({ filename: workerFile, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
  }

  /** Threads running now (none before the first render). */
  get threads(): number {
    return this.pool.threads.length;
  }

  image(payload: string, format: QrImageFormat, scale: number): Promise<QrImage> {
    return this.pool.run({ payload, format, scale });
  }

  /** Rare (GraphQL on demand): rendered in process. */
  pngDataUri(payload: string): Promise<string> {
    return this.inProcess.pngDataUri(payload);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

/** Threads when asked for and the compiled worker exists; in process otherwise. */
export function qrRendererFor(threads: number): ClosableQrRenderer {
  return threads > 0 && existsSync(WORKER_FILE) ? new ThreadedQrRenderer(threads) : new QrImageRenderer();
}
