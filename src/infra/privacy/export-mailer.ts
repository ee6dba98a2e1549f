import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transporter } from 'nodemailer';
import type { ExportMailer } from '../../domain/privacy/data-subject.ports';

export interface ExportMailerOptions {
  /** SMTP when set (`smtp://user:pass@host:587`, `smtps://...`); else messages become files. */
  smtpUrl?: string;
  /** Where messages are written without SMTP (`DATA_DIR/mail`), one `.eml` file each. */
  mailDir: string;
  from: string;
  /** The path of an export file, for the attachment (streamed from disk). */
  pathOf(file: string): string;
}

/**
 * Mails a queued export with its ZIP attached and the single-use link. nodemailer is
 * loaded with the first message (exports are rare; the api process need not hold it).
 */
export class NodemailerExportMailer implements ExportMailer {
  private transports?: Promise<{ smtp?: Transporter; files: Transporter }>;

  constructor(private readonly o: ExportMailerOptions) {}

  private transport(): Promise<{ smtp?: Transporter; files: Transporter }> {
    this.transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      smtp: this.o.smtpUrl ? nodemailer.createTransport(this.o.smtpUrl) : undefined,
      files: nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'unix' }),
    }));
    return this.transports;
  }

  async sendExport(m: { to: string; requestId: string; file: string; downloadUrl: string; expiresAt: Date }): Promise<void> {
    const message = {
      from: this.o.from,
      to: m.to,
      subject: 'Your PixPay data export',
      text: [
        'The export of your personal data you asked for is attached (a ZIP file, one JSON file per section).',
        '',
        `You can also download it once, until ${m.expiresAt.toISOString()}, at:`,
        m.downloadUrl,
        '',
        `Request: ${m.requestId}`,
      ].join('\n'),
      attachments: [{ filename: `pixpay-export-${m.requestId}.zip`, path: this.o.pathOf(m.file), contentType: 'application/zip' }],
    };
    const { smtp, files } = await this.transport();
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    await mkdir(this.o.mailDir, { recursive: true });
    const info = await files.sendMail(message);
    const final = join(this.o.mailDir, `${m.requestId}.eml`);
    // Written under a temporary name, then renamed: a reader never sees half a message.
    await pipeline(info.message as Readable, createWriteStream(`${final}.part`));
    await rename(`${final}.part`, final);
  }
}
