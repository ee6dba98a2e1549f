import { type FormEvent, useState } from 'react';
import { DataTable, ErrorMessage, Field, Loadable, Section, StatusBadge } from '../components/ui';
import { graphql, readFragment, type ResultOf } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { LinkFields, MarketplaceLinks } from '../lib/marketplace';

const Invite = graphql(`mutation InviteRecipient($r: ID!) { inviteRecipient(recipientId: $r) { ...LinkFields } }`, [LinkFields]);
const Accept = graphql(`mutation AcceptInvitation($l: ID!) { acceptMarketplaceInvitation(linkId: $l) { ...LinkFields } }`, [LinkFields]);
const Decline = graphql(`mutation DeclineInvitation($l: ID!) { declineMarketplaceInvitation(linkId: $l) { ...LinkFields } }`, [LinkFields]);
const End = graphql(`mutation EndLink($l: ID!) { endMarketplaceLink(linkId: $l) { ...LinkFields } }`, [LinkFields]);
const Shares = graphql(`query MySplitShares { splitShares(take: 20) { total items { transactionId marketplaceName status gross fee returned createdAt } } }`);

type Link = ResultOf<typeof LinkFields>;

/** Both sides of the seller's marketplace links: its recipients (invite, end) and its marketplaces (accept, decline, end), and its parts of split charges. */
export function MarketplacePage() {
  const { t } = useI18n();
  const q = useQuery(MarketplaceLinks, {});
  const links = (q.data?.marketplaceLinks ?? []).map((l) => readFragment(LinkFields, l));
  return (
    <>
      <h1 tabIndex={-1}>{t('marketplaceTitle')}</h1>
      <p className="muted">{t('marketplaceIntro')}</p>
      <InviteForm onDone={q.reload} />
      <Loadable loading={q.loading} error={q.error} reload={q.reload}>
        <Section title={t('myRecipients')}>
          <LinkTable links={links.filter((l) => l.side === 'MARKETPLACE')} onChange={q.reload} />
        </Section>
        <Section title={t('myMarketplaces')}>
          <LinkTable links={links.filter((l) => l.side === 'RECIPIENT')} onChange={q.reload} />
        </Section>
      </Loadable>
      <MyShares />
    </>
  );
}

function InviteForm({ onDone }: { onDone(): void }) {
  const { t } = useI18n();
  const invite = useMutation(Invite);
  const [recipientId, setRecipientId] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await invite.run({ r: recipientId.trim() })) {
      setRecipientId('');
      onDone();
    }
  };
  return (
    <Section title={t('inviteRecipient')}>
      <form className="inline-form" onSubmit={(e) => void submit(e)}>
        <Field label={t('recipientSellerId')}>{(id) => <input id={id} required value={recipientId} onChange={(e) => setRecipientId(e.target.value)} />}</Field>
        <button type="submit" disabled={invite.busy}>
          {t('invite')}
        </button>
      </form>
      <ErrorMessage error={invite.error} />
    </Section>
  );
}

/** One side's links: the other side's name and id, the status, and what this side may do. */
function LinkTable({ links, onChange }: { links: Link[]; onChange(): void }) {
  const { t, dateTime } = useI18n();
  const accept = useMutation(Accept);
  const decline = useMutation(Decline);
  const end = useMutation(End);
  const act = async (run: (v: { l: string }) => Promise<unknown>, l: string) => {
    if (await run({ l })) onChange();
  };
  const busy = accept.busy || decline.busy || end.busy;
  if (links.length === 0) return <p className="muted">{t('empty')}</p>;
  return (
    <>
      <DataTable columns={[t('seller'), t('linkStatus'), t('invitedAt'), { label: t('details'), hidden: true }]}>
        {links.map((l) => {
          const other = l.side === 'MARKETPLACE' ? { name: l.recipientName, id: l.recipientId } : { name: l.marketplaceName, id: l.marketplaceId };
          return (
            <tr key={l.id} data-link={l.id} data-side={l.side}>
              <td>
                {other.name} <code>{other.id}</code>
              </td>
              <td>
                <StatusBadge status={l.status} family="MarketplaceLinkStatus" />
              </td>
              <td>{dateTime(l.invitedAt)}</td>
              <td className="actions">
                {l.side === 'RECIPIENT' && l.status === 'INVITED' && (
                  <>
                    <button type="button" disabled={busy} onClick={() => void act(accept.run, l.id)}>
                      {t('acceptInvitation')}
                    </button>{' '}
                    <button type="button" className="secondary" disabled={busy} onClick={() => void act(decline.run, l.id)}>
                      {t('declineInvitation')}
                    </button>
                  </>
                )}
                {(l.status === 'ACTIVE' || (l.side === 'MARKETPLACE' && l.status === 'INVITED')) && (
                  <button type="button" className="secondary" disabled={busy} onClick={() => void act(end.run, l.id)} aria-label={`${t('endLink')} ${other.name}`}>
                    {t('endLink')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <ErrorMessage error={accept.error ?? decline.error ?? end.error} />
    </>
  );
}

/** The seller's own parts, as a recipient, of marketplaces' split charges. */
function MyShares() {
  const { t, money, dateTime } = useI18n();
  const q = useQuery(Shares, {});
  const items = q.data?.splitShares.items ?? [];
  return (
    <Section title={t('mySplitShares')}>
      <Loadable loading={q.loading} error={q.error} empty={!q.loading && items.length === 0} reload={q.reload}>
        <DataTable columns={[t('createdAt'), t('navMarketplace'), t('status'), { label: t('gross'), num: true }, { label: t('fee'), num: true }, { label: t('returnedCents'), num: true }]}>
          {items.map((s) => (
            <tr key={s.transactionId} data-share={s.transactionId}>
              <td>{dateTime(s.createdAt)}</td>
              <td>{s.marketplaceName}</td>
              <td>
                <StatusBadge status={s.status} family="TransactionStatus" />
              </td>
              <td className="num">{money(s.gross)}</td>
              <td className="num">{money(s.fee)}</td>
              <td className="num">{money(s.returned)}</td>
            </tr>
          ))}
        </DataTable>
      </Loadable>
    </Section>
  );
}
