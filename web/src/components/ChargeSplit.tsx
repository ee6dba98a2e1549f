import { useEffect } from 'react';
import { DataTable, Section } from './ui';
import { graphql } from '../lib/graphql';
import { useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';

const Split = graphql(`
  query ChargeSplit($id: ID!) {
    transaction(id: $id) {
      id
      splits {
        feePayer feeRecipientId
        recipients { recipientId amount basisPoints }
        shares { sellerId role gross fee returned }
      }
    }
  }
`);

/** A marketplace's split charge: the instructions, then every party's part once paid. Nothing for a charge of one seller. */
export function ChargeSplit({ id, status }: { id: string; status: string }) {
  const { t, money, label } = useI18n();
  const q = useQuery(Split, { id });
  const { reload } = q;
  // The parts move when the charge does (paid, refunded, returned): read them again.
  useEffect(reload, [status, reload]);
  const split = q.data?.transaction.splits;
  if (!split) return null;
  const percent = (bp: number) => `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
  return (
    <Section title={t('splitTitle')} actions={<span className="muted">{`${t('feePayer')}: ${label('SplitFeePayer', split.feePayer)}`}</span>}>
      {split.shares ? (
        <DataTable columns={[t('party'), t('role'), { label: t('gross'), num: true }, { label: t('fee'), num: true }, { label: t('returnedCents'), num: true }]}>
          {split.shares.map((s) => (
            <tr key={s.sellerId} data-party={s.sellerId}>
              <td>
                <code>{s.sellerId}</code>
              </td>
              <td>{label('MarketplaceSide', s.role)}</td>
              <td className="num">{money(s.gross)}</td>
              <td className="num">{money(s.fee)}</td>
              <td className="num">{money(s.returned)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <DataTable columns={[t('recipient'), t('instruction')]}>
          {split.recipients.map((r) => (
            <tr key={r.recipientId} data-party={r.recipientId}>
              <td>
                <code>{r.recipientId}</code>
              </td>
              <td>{r.amount != null ? money(r.amount) : percent(r.basisPoints ?? 0)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
