#!/usr/bin/env node
import { totpCode } from '../infra/security/otplib-totp';

const USAGE = `usage: npm run -s totp -- <secret> [--next]

Prints the 6-digit TOTP code an authenticator app shows for the secret (from
enrolTwoFactor), or with --next the one of the coming 30 s step: a code is accepted
only once, and the service accepts one step of clock drift.`;

const [secret, flag] = process.argv.slice(2);
if (!secret || secret.startsWith('-') || (flag !== undefined && flag !== '--next')) {
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = 64;
} else {
  process.stdout.write(`${totpCode(secret, new Date(Date.now() + (flag === '--next' ? 30_000 : 0)))}\n`);
}
