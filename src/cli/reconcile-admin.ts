import { parseArgs } from 'node:util';
import { DIFFERENCES_TAKE_DEFAULT, DIFFERENCES_TAKE_MAX } from '../domain/reconciliation/difference-page';
import { pagedReport, parseReportPaging } from '../domain/reconciliation/reconciliation-reports';
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
                                     [--payouts-take N] [--payouts-cursor C]

reconcile       sweeps that civil day (America/Sao_Paulo) at the PSP (INSTITUTION=apipix),
                crediting any payment of ours not yet credited, and prints the day's report:
                count and sum at the PSP and credited by the ledger, and its differences by
                end-to-end id, one page at a time (--take: 1 to ${DIFFERENCES_TAKE_MAX}, default ${DIFFERENCES_TAKE_DEFAULT};
                --cursor: the endCursor of the previous page) (with PAYOUT_PROVIDER=efi or inter, the
                day's payouts at the PSP against the ledger too, their differences paged the same
                way by --payouts-take and --payouts-cursor); --no-sweep reports from what the
                worker recorded.`;

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
  let values: { date?: string; 'no-sweep'?: boolean; take?: string; cursor?: string; 'payouts-take'?: string; 'payouts-cursor'?: string };
  try {
    const text = { type: 'string' } as const;
    values = parseArgs({ args, options: { date: text, 'no-sweep': { type: 'boolean', default: false }, take: text, cursor: text, 'payouts-take': text, 'payouts-cursor': text } }).values;
  } catch {
    throw usage();
  }
  if (!values.date || !isCivilDate(values.date)) throw usage();
  const date = values.date;
  const pages = parseReportPaging({ take: values.take, cursor: values.cursor, payoutsTake: values['payouts-take'], payoutsCursor: values['payouts-cursor'] });
  const config = loadConfig({ ...env, AMQP_URL: undefined, LOG_LEVEL: 'silent' });
  if (config.INSTITUTION !== 'apipix') throw new Error('reconcile needs INSTITUTION=apipix and its APIPIX_ settings');
  const db = await openDatabase(config);
  try {
    const platform = buildPlatform(config, db.orm, createLogger('silent'), systemClock, new InProcessLiveEvents(createLivePubSub()));
    const { reconciliation, payouts, close } = standaloneReconciliation(platform);
    try {
      const sweep = values['no-sweep'] ? null : (progress(`sweeping ${date} at the PSP...`), await sweepWholeDay(reconciliation, date, progress));
      const { payouts: payoutsPart, ...report } = pagedReport(await reconciliation.report(date), payouts ? await payouts.report(date) : null, pages);
      return { ...(sweep ? { sweep } : {}), report: { ...report, ...(payoutsPart ? { payouts: payoutsPart } : {}) } };
    } finally {
      await close();
    }
  } finally {
    await db.close();
  }
}
