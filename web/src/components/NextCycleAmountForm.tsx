import { type FormEvent, useState } from 'react';
import { ApiError } from '../lib/client';
import { graphql, type ResultOf } from '../lib/graphql';
import { useMutation } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { parseReais } from '../lib/money';
import { RecurrenceDetailFields } from '../lib/recurrences';
import { ErrorMessage, Field, Notice, Section } from './ui';

const SetNextCycleAmount = graphql(
  `mutation SetRecurrenceNextCycleAmount($id: ID!, $amount: Cents!) { setRecurrenceNextCycleAmount(id: $id, amount: $amount) { ...RecurrenceDetailFields } }`,
  [RecurrenceDetailFields],
);

export type RecurrenceDetail = ResultOf<typeof SetNextCycleAmount>['setRecurrenceNextCycleAmount'];

/** A variable-amount recurrence: the seller sets what the next cycle charges, in reais, at least the minimum. */
export function NextCycleAmountForm({ id, onDone }: { id: string; onDone(next: RecurrenceDetail): void }) {
  const { t, money } = useI18n();
  const set = useMutation(SetNextCycleAmount);
  const [amount, setAmount] = useState('');
  const [local, setLocal] = useState(false);
  const [done, setDone] = useState<number>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(undefined);
    const cents = parseReais(amount);
    setLocal(cents === null);
    if (cents === null) {
      // A new mistake in the form replaces whatever the server said about the last attempt.
      set.reset();
      return;
    }
    const r = await set.run({ id, amount: cents });
    if (!r) return;
    setDone(cents);
    onDone(r.setRecurrenceNextCycleAmount);
  };
  return (
    <Section title={t('nextCycle')}>
      <form onSubmit={(e) => void submit(e)} className="inline-form" data-testid="next-cycle-amount">
        <Field label={t('nextCycleAmount')}>{(fid) => <input id={fid} required inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}</Field>
        <button type="submit" disabled={set.busy}>
          {t('setNextCycleAmount')}
        </button>
      </form>
      <ErrorMessage error={local ? new ApiError('INVALID_AMOUNT', 'INVALID_AMOUNT') : set.error} />
      {done !== undefined && (
        <Notice>
          {t('nextCycleAmountSet')} {money(done)}
        </Notice>
      )}
    </Section>
  );
}
