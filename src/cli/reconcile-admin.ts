import { parseArgs } from 'node:util';
import { DIFFERENCES_TAKE_DEFAULT, DIFFERENCES_TAKE_MAX, differencePage, parseDifferencePageQuery } from '../domain/reconciliation/difference-page';
import type { PspReconciliation } from '../domain/reconciliation/psp-reconciliation';
import { isCivilDate } from '../domain/reconciliation/reconcile-window';
import { systemClock } from '../domain/shared/clock';
import { InProcessLiveEvents, createLivePubSub } from '../infra/live/in-process-live-events';
import { createLogger } from '../infra/log/logger';
import { loadConfig } from '../main/config';
import { openDatabase } from '../main/database';
import { buildPlatform } from '../main/wiring/platform';
import { standaloneReconciliation } from '../main/wiring/standalone-reconciliation';

export const RECONCILE_USAGE = `       npm run -s admin -- reconcile --date YYYY-MM-DD [--no-sweep] [--take N] [--cursor C]

reconcile       sweeps that civil day (America/Sao_Paulo) at the PSP (INSTITUTION=apipix),
                crediting any payment of ours not yet credited, and prints the day's report:
                count and sum at the PSP and credited by the ledger, and its differences by
                end-to-end id, one page at a time (--take: 1 to ${DIFFERENCES_TAKE_MAX}, default ${DIFFERENCES_TAKE_DEFAULT};
                --cursor: the endCursor of the previous page) (with PAYOUT_PROVIDER=efi or inter, the
                day's payouts at the PSP against the ledger too); --no-sweep reports from what
                the worker recorded.`;

/** Reads a whole day afresh, one budgeted run after another (each resumes from the cursor). */
export async function sweepWholeDay(reconciliation: Pick<PspReconciliation, 'sweepDay'>, date: string, progress: (line: string) => void) {
  const total = { pages: 0, pix: 0, applied: 0 };
  for (let first = true; ; first = false) {
    const run = await reconciliation.sweepDay(date, new Date(Date.now() + 60_000), { fromStart: first });
    total.pages += run.pages;
    total.pix += run.pix;
    total.applied += run.applied;
    progress(`read ${total.pix} Pix in ${total.pages} pages, ${total.applied} credited`);
    if (run.done) return total;
  }
}

/** `reconcile --date D`: the day's sweep, then its report. */
export async function runReconcileAdmin(args: string[], env: NodeJS.ProcessEnv, progress: (line: string) => void, usage: () => Error): Promise<Record<string, unknown>> {
  let values: { date?: string; 'no-sweep'?: boolean; take?: string; cursor?: string };
  try {
    values = parseArgs({ args, options: { date: { type: 'string' }, 'no-sweep': { type: 'boolean', default: false }, take: { type: 'string' }, cursor: { type: 'string' } } }).values;
  } catch {
    throw usage();
  }
  if (!values.date || !isCivilDate(values.date)) throw usage();
  const date = values.date;
  const page = parseDifferencePageQuery({ take: values.take, cursor: values.cursor });
  const config = loadConfig({ ...env, AMQP_URL: undefined, LOG_LEVEL: 'silent' });
  if (config.INSTITUTION !== 'apipix') throw new Error('reconcile needs INSTITUTION=apipix and its APIPIX_ settings');
  const db = await openDatabase(config);
  try {
    const platform = buildPlatform(config, db.orm, createLogger('silent'), systemClock, new InProcessLiveEvents(createLivePubSub()));
    const { reconciliation, payouts, close } = standaloneReconciliation(platform);
    try {
      const sweep = values['no-sweep'] ? null : (progress(`sweeping ${date} at the PSP...`), await sweepWholeDay(reconciliation, date, progress));
      const received = await reconciliation.report(date);
      const report = { ...received, differences: differencePage(received.differences, page), ...(payouts ? { payouts: await payouts.report(date) } : {}) };
      return { ...(sweep ? { sweep } : {}), report };
    } finally {
      await close();
    }
  } finally {
    await db.close();
  }
}
