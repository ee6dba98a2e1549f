import { useState } from 'react';
import type { ApiError } from '../lib/client';
import { graphql } from '../lib/graphql';
import { useMutation } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { cancellable } from '../lib/recurrences';
import type { CycleRow } from './RecurrenceCycles';
import { ErrorMessage, Notice, Section } from './ui';

const Approve = graphql(`mutation SandboxApproveRecurrence($id: ID!) { sandboxApproveRecurrence(id: $id) { id status } }`);
const Reject = graphql(`mutation SandboxRejectRecurrence($id: ID!) { sandboxRejectRecurrence(id: $id) { id status } }`);
const PayerCancel = graphql(`mutation SandboxPayerCancelRecurrence($id: ID!) { sandboxPayerCancelRecurrence(id: $id) { id status } }`);
const Advance = graphql(`mutation SandboxAdvanceRecurrence($id: ID!) { sandboxAdvanceRecurrence(id: $id) { clockDate cycle { number } } }`);
const PayCycle = graphql(`mutation SandboxPayRecurrenceCycle($id: ID!, $number: Int!) { sandboxPayRecurrenceCycle(id: $id, number: $number) { number status } }`);
const FailCycle = graphql(`mutation SandboxFailRecurrenceCycle($id: ID!, $number: Int!) { sandboxFailRecurrenceCycle(id: $id, number: $number) { number status } }`);

/** The cycle awaiting the payer's institution: the oldest ACTIVE one. */
export const currentCycle = (cycles: readonly Pick<CycleRow, 'number' | 'status'>[]) => cycles.find((c) => c.status === 'ACTIVE');

/**
 * Sandbox only (the page shows it when the API has a sandbox): the payer's side, one click
 * each, through the same commands as the REST sandbox routes. The payer approves, rejects or
 * cancels the recurrence; their institution pays or fails the current cycle; the
 * recurrence's clock moves to its next cycle. `onDone` reloads the page's recurrence.
 */
export function RecurrencePayerSandbox({ id, status, cycles, onDone }: { id: string; status: string; cycles: readonly CycleRow[]; onDone(): void }) {
  const { t } = useI18n();
  const approve = useMutation(Approve);
  const reject = useMutation(Reject);
  const cancel = useMutation(PayerCancel);
  const advance = useMutation(Advance);
  const pay = useMutation(PayCycle);
  const fail = useMutation(FailCycle);
  const all = [approve, reject, cancel, advance, pay, fail];
  const busy = all.some((m) => m.busy);
  const error: ApiError | undefined = all.find((m) => m.error)?.error;
  const [done, setDone] = useState<string>();
  const cycle = currentCycle(cycles);
  const act = async (run: () => Promise<unknown>, notice: string) => {
    for (const m of all) m.reset();
    setDone(undefined);
    if ((await run()) === undefined) return;
    setDone(notice);
    onDone();
  };
  return (
    <Section title={t('sandboxPayerTitle')}>
      <p className="muted">{t('sandboxPayerIntro')}</p>
      <div className="sandbox-actions" data-testid="recurrence-sandbox">
        {status === 'CREATED' && (
          <>
            <button type="button" disabled={busy} onClick={() => void act(() => approve.run({ id }), t('sandboxPayerApproved'))}>
              {t('sandboxPayerApprove')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void act(() => reject.run({ id }), t('sandboxPayerRejected'))}>
              {t('sandboxPayerReject')}
            </button>
          </>
        )}
        {status === 'APPROVED' && (
          <button type="button" disabled={busy} onClick={() => void act(() => advance.run({ id }), t('sandboxClockMoved'))}>
            {t('sandboxAdvanceCycle')}
          </button>
        )}
        {cycle && (
          <>
            <button type="button" disabled={busy} onClick={() => void act(() => pay.run({ id, number: cycle.number }), `${t('sandboxCyclePaid')} ${cycle.number}`)}>
              {`${t('sandboxPayCycle')} ${cycle.number}`}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void act(() => fail.run({ id, number: cycle.number }), `${t('sandboxCycleFailed')} ${cycle.number}`)}>
              {`${t('sandboxFailCycle')} ${cycle.number}`}
            </button>
          </>
        )}
        {cancellable(status) && (
          <button type="button" className="danger" disabled={busy} onClick={() => void act(() => cancel.run({ id }), t('sandboxPayerCancelled'))}>
            {t('sandboxPayerCancel')}
          </button>
        )}
      </div>
      <ErrorMessage error={error} />
      {done && <Notice>{done}</Notice>}
    </Section>
  );
}
