import { useState } from 'react';
import { AppealForm } from '../components/AppealForm';
import { EvidenceTable, EvidenceFields } from '../components/Evidence';
import { Loadable, Notice, Section, StatusBadge } from '../components/ui';
import { DisputeFields, DisputeUpdated, disputeSteps } from '../lib/disputes';
import { graphql, readFragment } from '../lib/graphql';
import { useNow, useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { href } from '../lib/router';

const Dispute = graphql(
  `query Dispute($id: ID!) {
    dispute(id: $id) { ...DisputeFields evidence { ...EvidenceFields } }
  }`,
  [DisputeFields, EvidenceFields],
);

/** One dispute: amounts, deadline, what happened, the evidence sent, and the appeal while it is open. */
export function DisputeDetailPage({ id }: { id: string }) {
  const { t, money, dateTime, label } = useI18n();
  const q = useQuery(Dispute, { id });
  // A change (appeal, decision) brings the new status at once, then the evidence with a reload.
  useSubscription(DisputeUpdated, { id }, (u) => {
    q.setData((prev) => (prev ? { dispute: { ...prev.dispute, ...u.disputeUpdated } } : prev));
    q.reload();
  });
  const now = useNow();
  const [appealed, setAppealed] = useState<string>();
  const d = q.data ? readFragment(DisputeFields, q.data.dispute) : undefined;
  const evidence = (q.data?.dispute.evidence ?? []).map((e) => readFragment(EvidenceFields, e));

  return (
    <>
      <p>
        <a href={href('disputes')}>← {t('disputesTitle')}</a>
      </p>
      <h1 tabIndex={-1}>
        {t('disputeDetail')} <code>{id}</code>
      </h1>
      <Loadable loading={q.loading} error={q.error} empty={!d} reload={q.reload}>
        {d && (
          <>
            <Section title={label('DisputeOrigin', d.origin)} actions={<StatusBadge status={d.status} family="DisputeStatus" />}>
              <dl className="facts">
                <dt>{t('chargeDetail')}</dt>
                <dd>
                  <a href={href('charges', d.transactionId)}>
                    <code>{d.transactionId}</code>
                  </a>
                </dd>
                <dt>{t('disputedAmount')}</dt>
                <dd data-testid="dispute-amount">{money(d.amount)}</dd>
                <dt>{t('blocked')}</dt>
                <dd>{money(d.blockedAmount)}</dd>
                <dt>{t('owedAmount')}</dt>
                <dd>{money(d.owedAmount)}</dd>
                <dt>{t('appealDeadline')}</dt>
                <dd>
                  {dateTime(d.appealDeadline)}
                  {d.status === 'OPEN' && Date.parse(d.appealDeadline) <= now && <span className="muted"> ({t('deadlinePassed')})</span>}
                </dd>
                {d.appealReason && (
                  <>
                    <dt>{t('appealReason')}</dt>
                    <dd className="pre-line">{d.appealReason}</dd>
                  </>
                )}
              </dl>
              <p>
                <a href={href('sandbox', d.transactionId)}>{t('sandboxDecide')}</a>
              </p>
            </Section>
            {appealed && (
              <Notice>
                {t('appealSent')} {appealed}
              </Notice>
            )}
            <Section title={t('timeline')}>
              <ol className="timeline">
                {disputeSteps(d).map((s) => (
                  <li key={s.what}>
                    <time dateTime={s.at}>{dateTime(s.at)}</time> <StatusBadge status={s.status} family="DisputeStatus" /> <small className="muted" data-event={s.what}>{label('Event', s.what)}</small>
                  </li>
                ))}
              </ol>
            </Section>
            <Section title={t('evidence')}>
              <EvidenceTable files={evidence} />
            </Section>
            {d.status === 'OPEN' && (
              <AppealForm
                disputeId={d.id}
                onSent={(message) => {
                  setAppealed(message);
                  q.reload();
                }}
              />
            )}
          </>
        )}
      </Loadable>
    </>
  );
}
