#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run -s webhook-receiver -- [--port 4443] [--dir ./data/webhook-receiver]

A local HTTPS receiver to try webhooks with: it answers 200 to every POST, prints one
line per delivery, and keeps the last one as <dir>/last-body.json (the raw body) and
<dir>/last-timestamp (its X-Webhook-Timestamp), ready for verify-webhook. Its
self-signed certificate for localhost is made with openssl on first use, in
<dir>/cert.pem: start the service with WEBHOOK_CA_FILE pointing at it and
WEBHOOK_ALLOW_HOSTS=localhost:4443 (the port it listens on).`;

function certificate(dir: string): { key: string; cert: string } {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '365', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], {
      stdio: 'ignore',
    });
  }
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
}

function main(): void {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4443' }, dir: { type: 'string', default: './data/webhook-receiver' }, help: { type: 'boolean' } } });
  const port = Number(values.port);
  if (values.help || !Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 64);
  }
  const dir = resolve(values.dir!);
  mkdirSync(dir, { recursive: true });
  const server = createServer(certificate(dir), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const timestamp = String(req.headers['x-webhook-timestamp'] ?? '');
      writeFileSync(join(dir, 'last-body.json'), body);
      writeFileSync(join(dir, 'last-timestamp'), timestamp);
      let eventType = '?';
      try {
        eventType = String((JSON.parse(body.toString('utf8')) as { eventType?: unknown }).eventType);
      } catch {
        // not JSON: printed as '?'
      }
      process.stdout.write(`received ${eventType} id=${String(req.headers['x-webhook-id'] ?? '')} timestamp=${timestamp} (${body.length} bytes)\n`);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    process.stderr.write(e.code === 'EADDRINUSE' ? `webhook-receiver: port ${port} is already in use: pass --port with another one\n` : `webhook-receiver: ${e.message}\n`);
    process.exit(1);
  });
  server.listen(port, '127.0.0.1', () => {
    const actual = (server.address() as { port: number }).port;
    process.stdout.write(`webhook receiver listening on https://localhost:${actual}/ (certificate: ${join(dir, 'cert.pem')})\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
