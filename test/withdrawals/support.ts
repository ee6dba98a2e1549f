import { randomUUID } from 'node:crypto';
import { operatorAdjustment } from '../../src/domain/ledger/ledger-entries';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { gql, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { platformOf, sqlOf, drainJobs } from '../support/platform';

export const WD = '/api/v1/cobranca/withdrawals';

/** Credits the seller's available PIX balance (an operator correction posted through the ledger). */
export async function fund(app: TestApp, sellerId: string, amount: number): Promise<void> {
  const { uow, tokens } = platformOf(app);
  await uow.run((tx) =>
    app.services.ledger.postEntry(tx, operatorAdjustment({ sellerId, correctionId: tokens.newId(), direction: 'CREDIT', amount, reason: 'test funding', operatorId: 'test' })),
  );
}

export async function available(app: TestApp, apiKey: string): Promise<number> {
  return (await rest(app, 'GET', '/balance-statement', { bearer: apiKey })).body.data.available as number;
}

export function createWithdrawal(app: TestApp, apiKey: string, body: unknown, o: { key?: string; code?: string } = {}) {
  return rest(app, 'POST', WD, { key: apiKey, body, idempotencyKey: o.key ?? randomUUID(), headers: o.code ? { 'X-2FA-Code': o.code } : {} });
}

export { drainJobs };

/** Moves the clock in 1 s steps, running due jobs at each (the sandbox payout steps are 1 s apart). */
export async function runFor(app: TestApp, ms: number): Promise<void> {
  await drainJobs(app);
  for (let t = 0; t < ms; t += 1_000) {
    app.clock.advance(1_000);
    await drainJobs(app);
  }
}

/** Enrols and confirms 2FA for the seller's user; returns the TOTP secret (the clock moves one step past the confirming code). */
export async function enableTwoFactor(app: TestApp, session: string): Promise<string> {
  const enrol = await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, session);
  const secret = enrol.data!.enrolTwoFactor.secret as string;
  const confirmed = await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(secret, app.clock.now()) }, session);
  if (!confirmed.data?.confirmTwoFactor?.twoFactorEnabled) throw new Error(`2FA not enabled: ${JSON.stringify(confirmed)}`);
  app.clock.advance(30_000);
  return secret;
}

export const outboxEvents = async (app: TestApp, withdrawalId: string) =>
  (await sqlOf(app).query<{ event_type: string; payload: Record<string, unknown> | string }>(`select event_type, payload from outbox where aggregate_id = ? order by id`, [withdrawalId])).map((r) => ({
    eventType: r.event_type,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
  }));

export const ledgerEntries = async (app: TestApp, withdrawalId: string) =>
  (await sqlOf(app).query<{ reference: string; kind: string }>(`select reference, kind from ledger_entries where withdrawal_id = ? order by id`, [withdrawalId])).map((r) => r.reference.split(':')[0]);

/** A strict RFC 4180 reader for tests: CRLF records, quoted fields with doubled quotes (CR/LF allowed inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`characters after a closing quote at ${i}`);
      } else {
        field += c;
        i++;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      if (c === '"' || c === '\n' || c === '\r') throw new Error(`bare ${JSON.stringify(c)} in an unquoted field at ${i}`);
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('last record not terminated by CRLF');
  return rows;
}
