import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import type { Faults } from '../../tools/psp-simulator/faults';
import { freePort, startNode, stop } from './processes';

/** The PSP simulator in a process of its own, driven through its control API. */
export interface SimulatorProcess {
  child: ChildProcess;
  /** The settings it printed for PixPay (`APIPIX_BASE_URL`, the certificate files...). */
  settings: Record<string, string>;
  faults(f: Partial<Faults> & { pathPattern?: string | null }): Promise<void>;
  /** Its counts (`GET /_control/state`): cobs held, requests being answered. */
  state(): Promise<{ cobs: number; inFlight: number }>;
  close(): Promise<void>;
}

/**
 * Starts `psp-simulator` (the built `dist/tools/psp-simulator/main.js`) on a free port with
 * its certificates in a fresh folder, and resolves once it printed its settings. Its own
 * event loop answers the PSP's calls, so the load a benchmark sends from its process does
 * not delay them (nor they the load). `nodeArgs`: e.g. `--cpu-prof`.
 */
export async function startSimulatorProcess(dist: string, nodeArgs: string[] = []): Promise<SimulatorProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'pixpay-bench-psp-'));
  const port = await freePort();
  const printed = (out: string) => {
    if (!/^APIPIX_SIMULATOR_CONTROL_URL=/m.test(out)) return undefined;
    return Object.fromEntries([...out.matchAll(/^([A-Z_]+)=(.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
  };
  const { child, value: settings } = await startNode(join(dist, 'tools/psp-simulator/main.js'), ['--port', String(port), '--dir', dir], {}, printed, 60_000, nodeArgs);
  const agent = new Agent({
    connect: { cert: readFileSync(join(dir, 'client.pem')), key: readFileSync(join(dir, 'client-key.pem')), ca: readFileSync(join(dir, 'ca.pem')) },
  });
  const control = async (method: 'GET' | 'PUT', path: string, body?: unknown) => {
    const res = await request(`${settings.APIPIX_SIMULATOR_CONTROL_URL}${path}`, {
      method,
      dispatcher: agent,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`psp-simulator ${method} ${path} answered ${res.statusCode}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  return {
    child,
    settings,
    faults: async (f) => void (await control('PUT', '/faults', f)),
    state: async () => {
      const s = await control('GET', '/state');
      return { cobs: Number(s.cobs), inFlight: Number(s.inFlight) };
    },
    close: async () => {
      await agent.close();
      await stop(child);
    },
  };
}
