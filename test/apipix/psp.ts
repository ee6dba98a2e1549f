import type { RunningSimulator } from '../../tools/psp-simulator/simulator';

export { apiPixConformance, PIX_KEY, startPsp } from '../support/apipix-psp';

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

/** Waits until `condition` holds (polling every `everyMs`), or fails naming what it waited for. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
