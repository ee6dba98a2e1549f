import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiPixExchange } from '../../src/infra/apipix/apipix-client';
import { writeCertificates } from '../../tools/psp-simulator/certificates';
import { type RunningSimulator, type SimulatorOptions, startPspSimulator } from '../../tools/psp-simulator/simulator';
import { requestProblems, responseProblems } from '../support/apipix-conformance';

/** The platform's receiving key in these tests. */
export const PIX_KEY = 'recebedor@pixpay.example';

/**
 * The PSP simulator over HTTPS with mTLS, its certificates written to a fresh folder, and the
 * settings that point PixPay at it.
 */
export async function startPsp(options: Pick<SimulatorOptions, 'observe'> = {}): Promise<{ sim: RunningSimulator; env: Record<string, string> }> {
  const sim = await startPspSimulator({ port: 0, ...options });
  const files = writeCertificates(mkdtempSync(join(tmpdir(), 'pixpay-psp-')), sim.certificates);
  const env = {
    INSTITUTION: 'apipix',
    APIPIX_BASE_URL: sim.url,
    APIPIX_TOKEN_URL: sim.tokenUrl,
    APIPIX_CLIENT_ID: sim.clientId,
    APIPIX_CLIENT_SECRET: sim.clientSecret,
    APIPIX_CERT_FILE: files.clientCert,
    APIPIX_KEY_FILE: files.clientKey,
    APIPIX_CA_FILE: files.caCert,
    APIPIX_PIX_KEY: PIX_KEY,
  };
  return { sim, env };
}

/** Sets the simulator's faults through its control API (as a person or a test would). */
export async function pspFaults(sim: RunningSimulator, faults: Record<string, unknown>): Promise<void> {
  const res = await control(sim, 'PUT', '/_control/faults', faults);
  if (res.status !== 200) throw new Error(`faults refused: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A call to the simulator's control API (mTLS like every call to it). */
export async function control(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent({ connect: { cert: sim.certificates.clientCert, key: sim.certificates.clientKey, ca: sim.certificates.caCert } });
  try {
    const res = await request(`${sim.url}${path}`, {
      method: method as 'GET',
      dispatcher,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : null };
  } finally {
    await dispatcher.close();
  }
}

/**
 * Checks every call PixPay makes to the PSP, and every answer, against the Central Bank's
 * API Pix (the vendored openapi.yaml with its overlay); `problems` lists each drift.
 */
export function apiPixConformance() {
  const problems: string[] = [];
  let exchanges = 0;
  const observe = (ex: ApiPixExchange) => {
    exchanges += 1;
    problems.push(...requestProblems({ method: ex.method, path: ex.path, query: ex.query, body: ex.requestBody }));
    problems.push(...responseProblems({ method: ex.method, path: ex.path, status: ex.status, contentType: ex.contentType?.split(';')[0]?.trim(), body: ex.responseBody }));
  };
  return { observe, problems, exchanges: () => exchanges };
}

/** Waits until `condition` holds (polling every `everyMs`), or fails naming what it waited for. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
