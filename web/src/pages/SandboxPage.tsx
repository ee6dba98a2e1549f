import { type FormEvent, useState } from 'react';
import { SandboxSplitCharge } from '../components/SandboxSplitCharge';
import { CodeOptions, ErrorMessage, Field, Notice, Section, StatusBadge } from '../components/ui';
import { graphql } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { TRANSACTION_STATUSES } from '../lib/charges';
import type { MessageKey } from '../lib/messages';
import { href } from '../lib/router';

/** The institution's words that open or decide a dispute (docs/integrate/disputes.md, Sandbox). */
const DISPUTE_REPORTS: [string, MessageKey][] = [
  ['DISPUTE', 'openContestation'],
  ['CHARGEDBACK', 'medReturn'],
  ['DISPUTE_WON', 'decideWon'],
  ['DISPUTE_LOST', 'decideLost'],
];

const Pay = graphql(`mutation SandboxPay($id: ID!) { sandboxPayTransaction(id: $id) { id status disputeId } }`);
const Recent = graphql(`query RecentCharges { transactions(limit: 20) { items { id amount status description } } }`);
const Report = graphql(`mutation SandboxReport($id: ID!, $status: String!, $reason: String) { sandboxReportTransaction(id: $id, status: $status, refusedReason: $reason) { id status disputeId } }`);

/** Plays the payer and the institution for one charge (sandbox mode only). */
export function SandboxPage({ initialId }: { initialId?: string }) {
  const { t, money, label } = useI18n();
  const recent = useQuery(Recent, {});
  const pay = useMutation(Pay);
  const report = useMutation(Report);
  const [id, setId] = useState(initialId ?? '');
  const [status, setStatus] = useState('EXPIRED');
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<{ id: string; status: string; disputeId: string | null }>();

  const doPay = async (e: FormEvent) => {
    e.preventDefault();
    const r = await pay.run({ id: id.trim() });
    setResult(r?.sandboxPayTransaction);
    recent.reload();
  };
  const doReport = async (word = status) => {
    const r = await report.run({ id: id.trim(), status: word, reason: reason || undefined });
    setResult(r?.sandboxReportTransaction);
    recent.reload();
  };
  return (
    <>
      <h1 tabIndex={-1}>{t('sandboxTitle')}</h1>
      <Section title={t('sandboxTitle')}>
        <p className="muted">{t('sandboxIntro')}</p>
        <form onSubmit={(e) => void doPay(e)}>
          <div className="inline-form">
            <Field label={t('chargeId')}>
              {(fid) => <input id={fid} required list="recent-charges" value={id} onChange={(e) => setId(e.target.value)} />}
            </Field>
            <datalist id="recent-charges">
              {(recent.data?.transactions.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.description ?? ''} ${money(c.amount)} ${label('TransactionStatus', c.status)}`}
                </option>
              ))}
            </datalist>
            <button type="submit" disabled={pay.busy}>
              {t('payNow')}
            </button>
          </div>
          <fieldset className="inline-form">
            <legend>{t('forceReport')}</legend>
            <Field label={t('reportStatus')}>
              {(fid) => (
                <select id={fid} value={status} onChange={(e) => setStatus(e.target.value)}>
                  <CodeOptions family="TransactionStatus" codes={TRANSACTION_STATUSES} />
                </select>
              )}
            </Field>
            <Field label={t('refusedReason')}>{(fid) => <input id={fid} value={reason} onChange={(e) => setReason(e.target.value)} />}</Field>
            <button type="button" className="secondary" onClick={() => void doReport()} disabled={report.busy || !id.trim()}>
              {t('forceReport')}
            </button>
          </fieldset>
          <fieldset className="inline-form">
            <legend>{t('sandboxDisputes')}</legend>
            {DISPUTE_REPORTS.map(([word, label]) => (
              <button key={word} type="button" className="secondary" onClick={() => void doReport(word)} disabled={report.busy || !id.trim()}>
                {t(label)}
              </button>
            ))}
          </fieldset>
        </form>
        <ErrorMessage error={pay.error ?? report.error} />
        {result && (
          <Notice>
            {t('sandboxDone')} <StatusBadge status={result.status} family="TransactionStatus" />
            {result.disputeId && (
              <>
                {' '}
                <a href={href('disputes', result.disputeId)}>{t('viewDispute')}</a>
              </>
            )}
          </Notice>
        )}
      </Section>
      <SandboxSplitCharge onCreated={setId} />
    </>
  );
}
