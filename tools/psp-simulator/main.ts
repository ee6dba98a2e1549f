import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeCertificates } from './certificates';
import { pixPaySettings } from './pixpay-settings';
import { startPspSimulator } from './simulator';

/**
 * `npm run -s psp-simulator -- [--port N] [--http] [--dir PATH] [--client-id ID] [--client-secret S]`:
 * serves the API Pix subset PixPay uses, on 127.0.0.1, until interrupted.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      http: { type: 'boolean', default: false },
      dir: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'token-ttl': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, not ${values.port}`);
  const ttl = values['token-ttl'] === undefined ? undefined : Number(values['token-ttl']);
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl > 0)) throw new Error('--token-ttl must be a positive number of seconds');
  const sim = await startPspSimulator({ port, http: values.http, clientId: values['client-id'], clientSecret: values['client-secret'], tokenTtlSeconds: ttl });
  const files = writeCertificates(values.dir ? resolve(values.dir) : mkdtempSync(join(tmpdir(), 'pixpay-psp-simulator-')), sim.certificates);
  const lines = [
    `PSP simulator (API Pix) listening on ${sim.url}${values.http ? ' (plain HTTP, loopback only)' : ' (HTTPS, client certificate required)'}`,
    `certificates in ${files.dir}: ca.pem, server.pem, server-key.pem, client.pem, client-key.pem`,
    `control API: ${sim.url}/_control/… (docs/operate/psp-simulator.md)`,
    '',
    'Settings for PixPay:',
    ...Object.entries(pixPaySettings(sim, values.http ? null : files))
      .filter(([name]) => name !== 'INSTITUTION' && name !== 'APIPIX_PIX_KEY')
      .map(([name, value]) => `${name}=${value}`),
    `APIPIX_SIMULATOR_CONTROL_URL=${sim.url}/_control`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: Error) => {
  process.stderr.write(`psp-simulator: ${e.message}\n`);
  process.exit(1);
});
