import type { QrImageFormat } from '../../domain/pix/qr-image';
import type { QrImage } from '../../domain/transactions/transactions.ports';
import { QrImageRenderer } from './qr-image-renderer';

export interface QrRenderTask {
  payload: string;
  format: QrImageFormat;
  scale: number;
}

const renderer = new QrImageRenderer();

/** Runs in a worker thread of ThreadedQrRenderer: one image per task. */
export default function render(task: QrRenderTask): Promise<QrImage> {
  return renderer.image(task.payload, task.format, task.scale);
}
