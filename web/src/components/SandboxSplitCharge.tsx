import { type FormEvent, useState } from 'react';
import { CodeOptions, ErrorMessage, Field, Notice, Section } from './ui';
import { ApiError, newIdempotencyKey } from '../lib/client';
import { graphql, readFragment } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { LinkFields, MarketplaceLinks, SPLIT_FEE_PAYERS } from '../lib/marketplace';
import { parseReais } from '../lib/money';
import { href } from '../lib/router';

const CreateSplit = graphql(`mutation SandboxSplitCharge($input: CreateTransactionInput!, $key: String!) { createTransaction(input: $input, idempotencyKey: $key) { id status } }`);

type Row = { recipientId: string; value: string };

/** "30,00" is a fixed amount in cents; "25%" or "12,5 %" a percentage in basis points; null when neither. */
export function splitPart(value: string): { amount: number } | { basisPoints: number } | null {
  const v = value.trim();
  if (v.endsWith('%')) {
    const n = Number(v.slice(0, -1).trim().replace(',', '.'));
    return Number.isFinite(n) && n > 0 ? { basisPoints: Math.round(n * 100) } : null;
  }
  const cents = parseReais(v);
  return cents === null ? null : { amount: cents };
}

/** The sandbox panel's split charge: the marketplace's PIX charge with its connected recipients' parts. */
export function SandboxSplitCharge({ onCreated }: { onCreated(id: string): void }) {
  const { t } = useI18n();
  const links = useQuery(MarketplaceLinks, {});
  const recipients = (links.data?.marketplaceLinks ?? []).map((l) => readFragment(LinkFields, l)).filter((l) => l.side === 'MARKETPLACE' && l.status === 'ACTIVE');
  const create = useMutation(CreateSplit);
  const [key, setKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [feePayer, setFeePayer] = useState<(typeof SPLIT_FEE_PAYERS)[number]>('MARKETPLACE');
  const [rows, setRows] = useState<Row[]>([{ recipientId: '', value: '' }]);
  const [local, setLocal] = useState<string>();
  const [created, setCreated] = useState<string>();

  const setRow = (i: number, r: Partial<Row>) => setRows((all) => all.map((x, k) => (k === i ? { ...x, ...r } : x)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = parseReais(amount);
    if (cents === null) return setLocal('INVALID_AMOUNT');
    const parts = rows.map((r) => ({ recipientId: r.recipientId || recipients[0]?.recipientId || '', part: splitPart(r.value) }));
    if (parts.some((p) => p.part === null)) return setLocal('INVALID_SPLIT');
    setLocal(undefined);
    const splits = {
      feePayer,
      ...(feePayer === 'RECIPIENT' ? { feeRecipientId: parts[0]?.recipientId } : {}),
      recipients: parts.map((p) => ({ recipientId: p.recipientId, ...p.part })),
    };
    const r = await create.run({ input: { amount: cents, splits }, key });
    if (!r) return;
    setCreated(r.createTransaction.id);
    setKey(newIdempotencyKey());
    onCreated(r.createTransaction.id);
  };

  return (
    <Section title={t('sandboxSplitCharge')}>
      <p className="muted">{t('sandboxSplitIntro')}</p>
      {!links.loading && recipients.length === 0 ? (
        <p className="muted">
          <a href={href('marketplace')}>{t('noRecipients')}</a>
        </p>
      ) : (
        <form className="grid-form" onSubmit={(e) => void submit(e)}>
          <Field label={t('amount')}>{(id) => <input id={id} required inputMode="decimal" placeholder="100,00" value={amount} onChange={(e) => setAmount(e.target.value)} />}</Field>
          <Field label={t('feePayer')}>
            {(id) => (
              <select id={id} value={feePayer} onChange={(e) => setFeePayer(e.target.value as typeof feePayer)}>
                <CodeOptions family="SplitFeePayer" codes={SPLIT_FEE_PAYERS} />
              </select>
            )}
          </Field>
          {rows.map((r, i) => (
            <fieldset key={i} className="inline-form">
              <legend>{`${t('recipient')} ${i + 1}`}</legend>
              <Field label={t('recipient')}>
                {(id) => (
                  <select id={id} value={r.recipientId || recipients[0]?.recipientId || ''} onChange={(e) => setRow(i, { recipientId: e.target.value })}>
                    {recipients.map((l) => (
                      <option key={l.recipientId} value={l.recipientId}>
                        {l.recipientName}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('amountOrPercent')}>{(id) => <input id={id} required placeholder="30,00 / 25%" value={r.value} onChange={(e) => setRow(i, { value: e.target.value })} />}</Field>
            </fieldset>
          ))}
          <button type="button" className="secondary" onClick={() => setRows((all) => [...all, { recipientId: recipients[all.length]?.recipientId ?? '', value: '' }])}>
            {t('addRecipient')}
          </button>
          <ErrorMessage error={local ? new ApiError(local, local) : create.error} />
          <button type="submit" disabled={create.busy}>
            {t('create')}
          </button>
        </form>
      )}
      {created && (
        <Notice>
          {t('splitChargeCreated')} <a href={href('charges', created)}>{created}</a>
        </Notice>
      )}
    </Section>
  );
}
