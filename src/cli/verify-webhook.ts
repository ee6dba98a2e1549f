#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { verifyWebhook } from '../domain/webhooks/receiver-verification';

const USAGE = `usage: verify-webhook --secret <secret> --timestamp <X-Webhook-Timestamp> [--file <body.json>] [--tolerance <seconds>] [--now <unix seconds>]

Checks a received webhook: reads the raw body from --file (or standard input, byte for
byte), recomputes the signature over "<timestamp>.<body without version, expires_at,
signature>" with the secret, and checks the timestamp is within the tolerance (default
300 s) of now. Exit 0 and "valid" when it is; exit 1 and the reason when it is not;
exit 2 on a usage error. The secret may also come from WEBHOOK_SECRET.`;

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') out.help = '1';
    else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
      else out[a.slice(2)] = argv[++i] ?? '';
    }
  }
  return out;
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  const secret = args.secret ?? process.env.WEBHOOK_SECRET;
  if (args.help || !secret || args.timestamp === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const rawBody = readFileSync(args.file && args.file !== '-' ? args.file : 0).toString('utf8');
  const now = args.now !== undefined ? new Date(Number(args.now) * 1000) : new Date();
  const tolerance = args.tolerance !== undefined ? Number(args.tolerance) : undefined;
  const result = verifyWebhook({ rawBody, timestampHeader: args.timestamp, secret, now, toleranceSeconds: tolerance });
  if (result.ok) {
    process.stdout.write(`valid ${String(result.event.eventType ?? '')}\n`);
    return 0;
  }
  process.stdout.write(`invalid: ${result.reason}\n`);
  return 1;
}

process.exitCode = main();
