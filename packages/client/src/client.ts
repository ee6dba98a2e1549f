import { Transport, type TransportOptions } from './http/transport.js';
import { BalanceResource, Statement, WalletResource } from './resources/balance.js';
import { DataSubject } from './resources/data-subject.js';
import { Disputes } from './resources/disputes.js';
import { Health } from './resources/health.js';
import { Recurrences } from './resources/recurrences.js';
import { Sandbox } from './resources/sandbox.js';
import { Transactions } from './resources/transactions.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { Withdrawals } from './resources/withdrawals.js';

export type PixPayOptions = TransportOptions;

/**
 * A client of one PixPay service with one credential.
 *
 * ```ts
 * const pixpay = new PixPay({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.PIXPAY_KEY! });
 * const charge = await pixpay.transactions.create({ amount: 5000, description: 'Pedido 42' });
 * ```
 */
export class PixPay {
  readonly transactions: Transactions;
  readonly recurrences: Recurrences;
  readonly withdrawals: Withdrawals;
  readonly disputes: Disputes;
  readonly wallet: WalletResource;
  readonly balance: BalanceResource;
  readonly statement: Statement;
  readonly webhooks: WebhookEndpoints;
  readonly dataSubject: DataSubject;
  readonly health: Health;
  readonly sandbox: Sandbox;

  constructor(options: PixPayOptions) {
    const t = new Transport(options);
    this.transactions = new Transactions(t);
    this.recurrences = new Recurrences(t);
    this.withdrawals = new Withdrawals(t);
    this.disputes = new Disputes(t);
    this.wallet = new WalletResource(t);
    this.balance = new BalanceResource(t);
    this.statement = new Statement(t);
    this.webhooks = new WebhookEndpoints(t);
    this.dataSubject = new DataSubject(t);
    this.health = new Health(t);
    this.sandbox = new Sandbox(t);
  }
}
