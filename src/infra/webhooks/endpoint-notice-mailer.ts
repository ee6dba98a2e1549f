import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transporter } from 'nodemailer';
import type { EndpointNoticeMailer } from '../../domain/webhooks/endpoint-health.ports';

const SUBJECTS = {
  ACTIVE: 'Your PixPay webhook is active again',
  FAILING: 'Your PixPay webhook is failing',
  DISABLED: 'Your PixPay webhook was disabled',
} as const;

/**
 * Mails the seller's users when a registration turns failing or is disabled: SMTP when
 * SMTP_URL is set, else one `.eml` file per notice under DATA_DIR/mail (as the data
 * export's mail). nodemailer is loaded with the first notice.
 */
export class NodemailerEndpointNoticeMailer implements EndpointNoticeMailer {
  private transports?: Promise<{ smtp?: Transporter; files: Transporter }>;

  constructor(private readonly o: { smtpUrl?: string; mailDir: string; from: string; dashboardUrl: () => string }) {}

  private transport(): Promise<{ smtp?: Transporter; files: Transporter }> {
    this.transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      smtp: this.o.smtpUrl ? nodemailer.createTransport(this.o.smtpUrl) : undefined,
      files: nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'unix' }),
    }));
    return this.transports;
  }

  async sendEndpointNotice(m: Parameters<EndpointNoticeMailer['sendEndpointNotice']>[0]): Promise<void> {
    const next =
      m.state === 'DISABLED'
        ? 'No delivery is sent to it any more; its events are kept. Once the receiver works again, enable it on the dashboard or with POST /v1/webhooks/{id}/enable, giving recoverSince to receive what it missed.'
        : 'Deliveries are still retried. If every attempt keeps failing it will be disabled.';
    const message = {
      from: this.o.from,
      to: m.to,
      subject: SUBJECTS[m.state],
      text: [`Webhook ${m.webhookId} (${m.url}) is ${m.state} since ${m.changedAt.toISOString()}: ${m.detail}.`, '', next, '', `Dashboard: ${this.o.dashboardUrl()}`].join('\n'),
    };
    const { smtp, files } = await this.transport();
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    await mkdir(this.o.mailDir, { recursive: true });
    const info = await files.sendMail(message);
    const final = join(this.o.mailDir, `webhook-notice-${m.changeId}.eml`);
    await pipeline(info.message as Readable, createWriteStream(`${final}.part`));
    await rename(`${final}.part`, final);
  }
}
