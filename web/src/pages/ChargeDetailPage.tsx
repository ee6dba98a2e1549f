import { type FormEvent, useState } from 'react';
import { ChargeSplit } from '../components/ChargeSplit';
import { DeliveryTable, DeliveryFields } from '../components/Deliveries';
import { DueDateSection } from '../components/DueDateSection';
import { PixCharge } from '../components/PixCharge';
import { ErrorMessage, Field, Loadable, Notice, Section, StatusBadge } from '../components/ui';
import { awaitsPayment, ChargeFields, ChargeUpdated } from '../lib/charges';
import { disputeSteps } from '../lib/disputes';
import { ApiError, newIdempotencyKey } from '../lib/client';
import { graphql, readFragment, type ResultOf } from '../lib/graphql';
import { useMutation, useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { parseReais } from '../lib/money';
import { href } from '../lib/router';
import { useSandbox } from '../lib/sandbox';

const Charge = graphql(
  `query Charge($id: ID!) {
    transaction(id: $id) { ...ChargeFields }
    webhookDeliveries(take: 100) { items { ...DeliveryFields } }
  }`,
  [ChargeFields, DeliveryFields],
);

const Refund = graphql(
  `mutation Refund($id: ID!, $amount: Cents, $key: String!) { refundTransaction(id: $id, amount: $amount, idempotencyKey: $key) { ...ChargeFields } }`,
  [ChargeFields],
);

const SandboxPay = graphql(`mutation SandboxPayNow($id: ID!) { sandboxPayTransaction(id: $id) { ...ChargeFields } }`, [ChargeFields]);

const ChargeDispute = graphql(`query ChargeDispute($id: ID!) { dispute(id: $id) { id status createdAt appealedAt decidedAt } }`);

const REFUNDABLE = new Set(['PAID', 'PARTIALLY_REFUNDED']);

export function ChargeDetailPage({ id }: { id: string }) {
  const { t, money, dateTime } = useI18n();
  const sandbox = useSandbox();
  const q = useQuery(Charge, { id });
  useSubscription(ChargeUpdated, { id }, (d) => {
    q.setData((prev) => (prev ? { ...prev, transaction: d.transactionUpdated } : prev));
    q.reload();
    // A status change of the charge is also a step of its dispute (opened, appealed, decided).
    dispute.reload();
  });
  const c = q.data ? readFragment(ChargeFields, q.data.transaction) : undefined;
  const deliveries = (q.data?.webhookDeliveries.items ?? []).map((d) => readFragment(DeliveryFields, d)).filter((d) => d.resourceId === id);
  const disputeId = c?.disputeId ?? null;
  const dispute = useQuery(ChargeDispute, { id: disputeId ?? '' }, { skip: !disputeId });
  const disputeNow = disputeId && dispute.data?.dispute.id === disputeId ? dispute.data.dispute : undefined;
  // The timeline: creation, payment, every status event this charge emitted, and the steps
  // of its latest dispute as the dispute's own dates record them (oldest first).
  const events: { at: string; what: string; status?: string }[] = [
    ...(c ? [{ at: c.createdAt, what: 'TRANSACTION_CREATED' }] : []),
    ...(c?.paidAt ? [{ at: c.paidAt, what: 'TRANSACTION_PAID' }] : []),
    ...deliveries.filter((d) => d.trigger === 'EVENT').map((d) => ({ at: d.createdAt, what: d.eventType })),
    ...(disputeNow ? disputeSteps(disputeNow).map((s) => ({ at: s.at, what: s.what, status: s.status })) : []),
    ...(c ? [{ at: c.updatedAt, what: `TRANSACTION_${c.status}` }] : []),
  ]
    .filter((e, i, all) => all.findIndex((x) => x.what === e.what) === i)
    .sort((a, b) => a.at.localeCompare(b.at));

  return (
    <>
      <p>
        <a href={href('charges')}>← {t('chargesTitle')}</a>
      </p>
      <h1 tabIndex={-1}>
        {t('chargeDetail')} <code>{id}</code>
      </h1>
      <Loadable loading={q.loading} error={q.error} empty={!c} reload={q.reload}>
        {c && (
          <>
            <Section title={c.description ?? c.id} actions={<StatusBadge status={c.status} family="TransactionStatus" />}>
              <dl className="facts">
                <dt>{t('total')}</dt>
                <dd>{money(c.amount)}</dd>
                <dt>{t('fee')}</dt>
                <dd>{money(c.feeAmount)}</dd>
                <dt>{t('net')}</dt>
                <dd>{money(c.netAmount)}</dd>
                <dt>{t('refunded')}</dt>
                <dd>{money(c.refundedAmount ?? 0)}</dd>
                <dt>{t('lastUpdate')}</dt>
                <dd>{dateTime(c.updatedAt)}</dd>
                {c.disputeId && (
                  <>
                    <dt>{t('disputeOfCharge')}</dt>
                    <dd>
                      <a href={href('disputes', c.disputeId)}>{t('viewDispute')}</a>
                      {disputeNow && <> <StatusBadge status={disputeNow.status} family="DisputeStatus" /></>}
                    </dd>
                  </>
                )}
                {c.end2endId && (
                  <>
                    <dt>end2endId</dt>
                    <dd>
                      <code>{c.end2endId}</code>
                    </dd>
                  </>
                )}
              </dl>
              {sandbox && (
                <SandboxActions
                  id={c.id}
                  payable={awaitsPayment(c.status)}
                  onPaid={(paid) => q.setData((prev) => (prev ? { ...prev, transaction: paid } : prev))}
                />
              )}
              {c.pix && awaitsPayment(c.status) && <PixCharge pix={c.pix} />}
            </Section>
            <DueDateSection key={`${c.id}:${c.status}:${c.amount}`} id={c.id} />
            <ChargeSplit id={c.id} status={c.status} />
            <Section title={t('timeline')}>
              <ol className="timeline">
                {events.map((e) => (
                  <li key={e.what}>
                    <time dateTime={e.at}>{dateTime(e.at)}</time> <TimelineBadge what={e.what} status={e.status} />
                  </li>
                ))}
              </ol>
            </Section>
            {REFUNDABLE.has(c.status) && <RefundForm id={c.id} onDone={q.reload} />}
            <Section title={t('deliveriesOfCharge')}>
              <DeliveryTable deliveries={deliveries} />
            </Section>
          </>
        )}
      </Loadable>
    </>
  );
}

function RefundForm({ id, onDone }: { id: string; onDone(): void }) {
  const { t } = useI18n();
  const refund = useMutation(Refund);
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState(false);
  const [local, setLocal] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = amount ? parseReais(amount) : null;
    setLocal(amount !== '' && cents === null);
    if (amount !== '' && cents === null) {
      // A new mistake in the form replaces whatever the server said about the last attempt.
      refund.reset();
      return;
    }
    const r = await refund.run({ id, amount: cents, key });
    if (!r) return;
    setDone(true);
    setKey(newIdempotencyKey());
    setAmount('');
    onDone();
  };
  return (
    <Section title={t('refund')}>
      <form onSubmit={(e) => void submit(e)} className="inline-form">
        <Field label={t('refundAmount')}>{(fid) => <input id={fid} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}</Field>
        <button type="submit" className="danger" disabled={refund.busy}>
          {t('refund')}
        </button>
      </form>
      <ErrorMessage error={local ? new ApiError('INVALID_AMOUNT', 'INVALID_AMOUNT') : refund.error} />
      {done && <Notice>{t('refundDone')}</Notice>}
    </Section>
  );
}

/** A step of the charge's timeline: its own statuses as the charge's, its dispute's steps by name with the dispute's status. */
function TimelineBadge({ what, status }: { what: string; status?: string }) {
  const { label } = useI18n();
  if (status) {
    return (
      <>
        <StatusBadge status={status} family="DisputeStatus" /> <small className="muted" data-event={what}>{label('Event', what)}</small>
      </>
    );
  }
  const own = what.replace(/^TRANSACTION_/, '');
  return <StatusBadge status={own} family={own === 'CREATED' ? 'Badge' : 'TransactionStatus'} />;
}

/** Sandbox only: the simulated payer pays this charge from its own page, and the other simulations one click away. */
function SandboxActions({ id, payable, onPaid }: { id: string; payable: boolean; onPaid(charge: ResultOf<typeof SandboxPay>['sandboxPayTransaction']): void }) {
  const { t } = useI18n();
  const pay = useMutation(SandboxPay);
  return (
    <div className="sandbox-actions">
      {payable && (
        <button type="button" onClick={() => void pay.run({ id }).then((r) => r && onPaid(r.sandboxPayTransaction))} disabled={pay.busy}>
          {t('payNow')}
        </button>
      )}
      <a href={href('sandbox', id)}>{t('moreSimulations')}</a>
      <ErrorMessage error={pay.error} />
    </div>
  );
}
