import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

/**
 * The soak benchmark's webhook receiver, a process of its own started with fork():
 * HTTPS on loopback, answers 200, or 503 while told to fail (`{failing: true}` over IPC).
 * `{report: true}` answers how many requests it answered each way; `{exit: true}` stops it.
 * Env: KEY, CERT (PEM files of its self-signed certificate for localhost).
 */
export interface SoakReceiverReport {
  ok: number;
  failed: number;
}

let failing = false;
const report: SoakReceiverReport = { ok: 0, failed: 0 };

const server = createServer({ key: readFileSync(process.env.KEY!), cert: readFileSync(process.env.CERT!), keepAliveTimeout: 60_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    if (failing) {
      report.failed++;
      res.writeHead(503, { 'content-type': 'text/plain' }).end('down for the soak');
    } else {
      report.ok++;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
  });
});

server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));

process.on('message', (m: { failing?: boolean; report?: boolean; exit?: boolean }) => {
  if (m.failing !== undefined) failing = m.failing;
  if (m.report) process.send!({ report });
  if (m.exit) {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
