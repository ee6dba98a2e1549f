import type { PayoutAnswer } from '../../../domain/withdrawals/payout-psp.ports';
import type { ApiPixClient } from '../../apipix/apipix-client';
import { PspProblemError } from '../../apipix/apipix-errors';
import { interPayoutRecord } from './inter-payout-transformers';

/**
 * The body of `GET /banking/v2/pix/{codigoSolicitacao}` (scope `pagamento-pix.read`), or
 * `absent` on 404; throws on any other failure.
 */
export async function fetchInterPayout(client: Pick<ApiPixClient, 'call'>, code: string): Promise<{ body: unknown } | 'absent'> {
  try {
    const answer = await client.call({ method: 'GET', path: `/banking/v2/pix/${encodeURIComponent(code)}`, scopes: ['pagamento-pix.read'] });
    return { body: answer.body };
  } catch (e) {
    if (e instanceof PspProblemError && e.status === 404) return 'absent';
    throw e;
  }
}

/** Inter's record of a payout under its code: `held`, `absent` on 404, `unknown` otherwise. Never throws. */
export async function readInterPayout(client: Pick<ApiPixClient, 'call'>, code: string, what: string): Promise<PayoutAnswer> {
  try {
    const answer = await fetchInterPayout(client, code);
    if (answer === 'absent') return { kind: 'absent' };
    const record = interPayoutRecord(answer.body, code);
    return record ? { kind: 'held', record } : { kind: 'unknown', reason: `the PSP answered ${what} with a record PixPay does not act on` };
  } catch (e) {
    if (e instanceof PspProblemError) return { kind: 'unknown', reason: `the PSP answered ${e.status} reading ${code}` };
    return { kind: 'unknown', reason: (e as Error).message };
  }
}
