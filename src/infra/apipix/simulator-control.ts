import type { Dispatcher } from 'undici';
import { request } from 'undici';
import type { PspSimulatorControl, SimulatorRefusal } from '../../domain/sandbox/psp-simulator-payer';
import type { PspSimulatorPayoutControl } from '../../domain/sandbox/psp-simulator-payouts';
import { institutionUnavailable } from './apipix-errors';

export interface SimulatorControlOptions {
  /** APIPIX_SIMULATOR_CONTROL_URL, e.g. https://127.0.0.1:8443/_control. */
  baseUrl: string;
  /** The API Pix agent: the control API sits behind the same client certificate. */
  dispatcher: Dispatcher;
  timeoutMs: number;
}

/** The natureza of the sandbox's MED return: a fraud claim by the payer's institution, the common case. */
const MED_NATUREZA = 'MED_FRAUDE';

/**
 * The PSP simulator's control API (tools/psp-simulator, docs/operate/psp-simulator.md): not
 * the API Pix, so no token, no retry, and its exchanges stay out of the API Pix conformance
 * checks. A 404 or 409 is the simulator refusing the act (its `{error}` says why).
 */
export class SimulatorControl implements PspSimulatorControl, PspSimulatorPayoutControl {
  constructor(private readonly o: SimulatorControlOptions) {}

  async payCob(txid: string): Promise<{ endToEndId: string } | SimulatorRefusal> {
    // `late`: the sandbox pays what PixPay still takes as payable, whatever the simulator's clock says.
    return paidPix(await this.post(`/cob/${encodeURIComponent(txid)}/pay`, { late: true }));
  }

  async payCobv(txid: string, paymentDate?: string): Promise<{ endToEndId: string } | SimulatorRefusal> {
    return paidPix(await this.post(`/cobv/${encodeURIComponent(txid)}/pay`, paymentDate ? { date: paymentDate } : {}));
  }

  async medReturn(endToEndId: string): Promise<{ returned: true } | SimulatorRefusal> {
    const res = await this.post(`/pix/${encodeURIComponent(endToEndId)}/med`, { natureza: MED_NATUREZA });
    return 'refused' in res ? res : { returned: true };
  }

  async settlePayout(pspCode: string, status: 'REALIZADO' | 'NAO_REALIZADO', motivo?: string, at?: Date): Promise<{ settled: true } | SimulatorRefusal> {
    const res = await this.post(`/payouts/${encodeURIComponent(pspCode)}/settle`, { status, ...(motivo ? { motivo: motivo.slice(0, 140) } : {}), ...(at ? { horario: at.toISOString() } : {}) });
    return 'refused' in res ? res : { settled: true };
  }

  async holdPayouts(): Promise<void> {
    const res = await this.post('/payouts', { mode: 'manual' }, 'PUT');
    if ('refused' in res) throw new Error(`the PSP simulator refused to hold its payouts: ${res.refused}`);
  }

  private async post(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<{ body: unknown } | SimulatorRefusal> {
    const url = `${this.o.baseUrl.replace(/\/$/, '')}${path}`;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        dispatcher: this.o.dispatcher,
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (e) {
      throw institutionUnavailable(`the PSP simulator's control API got no answer (${(e as NodeJS.ErrnoException).code ?? (e as Error).name})`);
    }
    const text = await res.body.text();
    const answer = text === '' ? null : parseJson(text);
    if (res.statusCode === 404 || res.statusCode === 409) return { refused: errorOf(answer) ?? `answered ${res.statusCode}` };
    if (res.statusCode >= 400) throw new Error(`${method} ${path} on the PSP simulator's control API answered ${res.statusCode}: ${errorOf(answer) ?? text.slice(0, 200)}`);
    return { body: answer };
  }
}

/** The end-to-end id of the Pix the simulator made, or its refusal. */
function paidPix(res: { body: unknown } | SimulatorRefusal): { endToEndId: string } | SimulatorRefusal {
  if ('refused' in res) return res;
  const endToEndId = (res.body as { endToEndId?: unknown } | null)?.endToEndId;
  if (typeof endToEndId !== 'string') throw new Error('the PSP simulator paid a charge without answering its end-to-end id');
  return { endToEndId };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const errorOf = (body: unknown): string | null => {
  const error = body !== null && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' ? error : null;
};
