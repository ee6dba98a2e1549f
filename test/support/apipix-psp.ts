import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiPixExchange } from '../../src/infra/apipix/apipix-client';
import { writeCertificates } from '../../tools/psp-simulator/certificates';
import { pixPaySettings, SIMULATOR_PIX_KEY } from '../../tools/psp-simulator/pixpay-settings';
import { type RunningSimulator, type SimulatorOptions, startPspSimulator } from '../../tools/psp-simulator/simulator';
import { requestProblems, responseProblems } from './apipix-conformance';

/** The platform's receiving key in these tests. */
export const PIX_KEY = SIMULATOR_PIX_KEY;

/**
 * The PSP simulator over HTTPS with mTLS, its certificates written to a fresh folder, and the
 * settings that point PixPay at it.
 */
export async function startPsp(options: Pick<SimulatorOptions, 'observe'> = {}): Promise<{ sim: RunningSimulator; env: Record<string, string> }> {
  const sim = await startPspSimulator({ port: 0, ...options });
  const files = writeCertificates(mkdtempSync(join(tmpdir(), 'pixpay-psp-')), sim.certificates);
  const env = pixPaySettings(sim, files, PIX_KEY);
  return { sim, env };
}

/**
 * Checks every call PixPay makes to the PSP, and every answer, against the Central Bank's
 * API Pix (the vendored openapi.yaml with its overlay); `problems` lists each drift.
 */
export function apiPixConformance() {
  const problems: string[] = [];
  const calls: string[] = [];
  const observe = (ex: ApiPixExchange) => {
    calls.push(`${ex.method} ${ex.path}`);
    problems.push(...requestProblems({ method: ex.method, path: ex.path, query: ex.query, body: ex.requestBody }));
    problems.push(...responseProblems({ method: ex.method, path: ex.path, status: ex.status, contentType: ex.contentType?.split(';')[0]?.trim(), body: ex.responseBody }));
  };
  /** `callsSince(n)`: the calls ("METHOD /path") made after the first n exchanges. */
  return { observe, problems, exchanges: () => calls.length, callsSince: (n: number) => calls.slice(n) };
}
