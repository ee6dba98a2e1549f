import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { performance } from 'node:perf_hooks';
import { verifyWebhook } from '../../src/domain/webhooks/signature';

/**
 * The HTTPS webhook receiver of the flow benchmark, a process of its own (so it does not
 * share the service's or the load generator's event loop), started with fork() and
 * driven over IPC: `{secret}` sets the registration's secret, `{progress: true}` answers
 * how many charges have their TRANSACTION_PAID, `{report: true}` answers everything,
 * `{exit: true}` stops it. Every delivery is checked with the project's own verifier
 * (`verifyWebhook`, as shipped to sellers); the arrival time of the first valid
 * TRANSACTION_PAID of each charge is kept, in wall-clock ms comparable across processes.
 * Env: KEY, CERT (PEM files of its self-signed certificate for localhost).
 */
export interface FlowReceiverReport {
  /** charge id -> [event id, wall-clock ms of the first valid TRANSACTION_PAID delivery] */
  paid: [string, [string, number]][];
  /** deliveries of a TRANSACTION_PAID event id already received (same X-Webhook-Id) */
  duplicates: number;
  /** a second, different TRANSACTION_PAID event id for a charge already paid */
  extraPaidEvents: number;
  /** valid deliveries of other event types (TRANSACTION_CREATED, ...) */
  otherEvents: number;
  /** deliveries refused by the verifier, by reason */
  invalid: Record<string, number>;
}

const wall = () => performance.timeOrigin + performance.now();

let secret = '';
const paid = new Map<string, [string, number]>();
const seenEvents = new Set<string>();
let duplicates = 0;
let extraPaidEvents = 0;
let otherEvents = 0;
const invalid: Record<string, number> = {};

function receive(rawBody: string, timestampHeader: string, eventId: string): void {
  const at = wall();
  const v = verifyWebhook({ rawBody, timestampHeader, secret, now: new Date() });
  if (!v.ok) {
    invalid[v.reason] = (invalid[v.reason] ?? 0) + 1;
    return;
  }
  if (v.event['eventType'] !== 'TRANSACTION_PAID') {
    otherEvents++;
    return;
  }
  if (seenEvents.has(eventId)) {
    duplicates++;
    return;
  }
  seenEvents.add(eventId);
  const chargeId = String(v.event['id']);
  if (paid.has(chargeId)) extraPaidEvents++;
  else paid.set(chargeId, [eventId, at]);
}

const server = createServer({ key: readFileSync(process.env.KEY!), cert: readFileSync(process.env.CERT!), keepAliveTimeout: 60_000 }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    receive(Buffer.concat(chunks).toString('utf8'), String(req.headers['x-webhook-timestamp'] ?? ''), String(req.headers['x-webhook-id'] ?? ''));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});

server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));

process.on('message', (m: { secret?: string; progress?: boolean; report?: boolean; exit?: boolean }) => {
  if (m.secret) secret = m.secret;
  if (m.progress) process.send!({ progress: paid.size });
  if (m.report) {
    const report: FlowReceiverReport = { paid: [...paid.entries()], duplicates, extraPaidEvents, otherEvents, invalid };
    process.send!({ report });
  }
  if (m.exit) {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
