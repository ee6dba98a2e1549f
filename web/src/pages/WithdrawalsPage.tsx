import { type FormEvent, useState } from 'react';
import { ChoiceFilter, CodeOptions, DataTable, ErrorMessage, Field, Loadable, Notice, Section, StatusBadge } from '../components/ui';
import { ApiError, newIdempotencyKey } from '../lib/client';
import { formatDocument } from '../lib/documents';
import { graphql, readFragment, type ResultOf } from '../lib/graphql';
import { useMutation, useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { useMe } from '../lib/me';
import { parseReais } from '../lib/money';
import { Pager } from './ChargesPage';

const WithdrawalFields = graphql(`
  fragment WithdrawalFields on Withdrawal { id amount feeAmount totalAmount status pixKey pixKeyType createdAt end2end failureReason description }
`);
const Withdrawals = graphql(
  `query Withdrawals($take: Int, $skip: Int, $status: WithdrawalStatus, $startDate: String, $endDate: String, $search: String) {
    withdrawals(take: $take, skip: $skip, status: $status, startDate: $startDate, endDate: $endDate, search: $search) { total items { ...WithdrawalFields } }
  }`,
  [WithdrawalFields],
);
const CreateWithdrawal = graphql(
  `mutation CreateWithdrawal($input: CreateWithdrawalInput!, $key: String!, $totp: String) {
    createWithdrawal(input: $input, idempotencyKey: $key, totpCode: $totp) { ...WithdrawalFields }
  }`,
  [WithdrawalFields],
);
const WithdrawalUpdated = graphql(`subscription WithdrawalUpdated { withdrawalUpdated { ...WithdrawalFields } }`, [WithdrawalFields]);

const STATUSES = ['PENDING', 'APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'FAILED', 'CANCELED', 'BLOCKED', 'REFUNDED'] as const;
const KEY_TYPES = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] as const;
const PAGE = 10;
type Filters = { status?: (typeof STATUSES)[number]; startDate?: string; endDate?: string; search?: string };
type W = ResultOf<typeof WithdrawalFields>;

export function WithdrawalsPage() {
  const { t, money, dateTime, label } = useI18n();
  const [filters, setFilters] = useState<Filters>({});
  const [skip, setSkip] = useState(0);
  const list = useQuery(Withdrawals, { ...filters, take: PAGE, skip });
  const items = (list.data?.withdrawals.items ?? []).map((w) => readFragment(WithdrawalFields, w));

  useSubscription(WithdrawalUpdated, {}, (d) => {
    const next = readFragment(WithdrawalFields, d.withdrawalUpdated);
    list.setData((prev) => {
      if (!prev) return prev;
      const rows = prev.withdrawals.items;
      if (rows.some((r) => readFragment(WithdrawalFields, r).id === next.id)) {
        return { withdrawals: { ...prev.withdrawals, items: rows.map((r) => (readFragment(WithdrawalFields, r).id === next.id ? d.withdrawalUpdated : r)) } };
      }
      return prev;
    });
  });

  return (
    <>
      <h1 tabIndex={-1}>{t('withdrawalsTitle')}</h1>
      <NewWithdrawal onCreated={list.reload} />
      <Section title={t('withdrawalsTitle')} actions={<span className="muted live">● {t('liveUpdates')}</span>}>
        <WithdrawalFilters
          onApply={(f) => {
            setSkip(0);
            setFilters(f);
          }}
        />
        <Loadable loading={list.loading} error={list.error} empty={!list.loading && items.length === 0} reload={list.reload}>
          <DataTable columns={[t('createdAt'), t('pixKey'), { label: t('total'), num: true }, { label: t('fee'), num: true }, t('status')]}>
                {items.map((w: W) => (
                  <tr key={w.id} data-withdrawal={w.id}>
                    <td>{dateTime(w.createdAt)}</td>
                    <td>
                      <small className="muted">{label('PixKeyType', w.pixKeyType)}</small> <code>{formatDocument(w.pixKeyType, w.pixKey)}</code>
                    </td>
                    <td className="num">{money(w.amount)}</td>
                    <td className="num">{money(w.feeAmount)}</td>
                    <td>
                      <StatusBadge status={w.status} family="WithdrawalStatus" />
                      {w.failureReason && <small className="muted"> {w.failureReason}</small>}
                    </td>
                  </tr>
                ))}
          </DataTable>
          <Pager offset={skip} total={list.data?.withdrawals.total ?? 0} size={PAGE} onChange={setSkip} />
        </Loadable>
      </Section>
    </>
  );
}

function WithdrawalFilters({ onApply }: { onApply(f: Filters): void }) {
  const { t } = useI18n();
  const [status, setStatus] = useState('');
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [search, setSearch] = useState('');
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ status: (status || undefined) as Filters['status'], startDate: startDate || undefined, endDate: endDate || undefined, search: search || undefined });
      }}
    >
      <ChoiceFilter label={t('status')} value={status} choices={STATUSES} family="WithdrawalStatus" onChange={setStatus} />
      <Field label={t('from')}>{(id) => <input id={id} type="date" value={startDate} onChange={(e) => setStart(e.target.value)} />}</Field>
      <Field label={t('until')}>{(id) => <input id={id} type="date" value={endDate} onChange={(e) => setEnd(e.target.value)} />}</Field>
      <Field label={t('search')}>{(id) => <input id={id} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}</Field>
      <button type="submit" className="secondary">
        {t('filter')}
      </button>
    </form>
  );
}

function NewWithdrawal({ onCreated }: { onCreated(): void }) {
  const { t } = useI18n();
  const { me } = useMe();
  const create = useMutation(CreateWithdrawal);
  const [amount, setAmount] = useState('');
  const [pixKeyType, setType] = useState<string>('EMAIL');
  const [pixKey, setKey] = useState('');
  const [description, setDescription] = useState('');
  const [totp, setTotp] = useState('');
  const [key, setIdem] = useState(newIdempotencyKey);
  const [done, setDone] = useState(false);
  const [local, setLocal] = useState(false);
  const needs2fa = me?.user?.twoFactorEnabled ?? false;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const cents = parseReais(amount);
    setLocal(cents === null);
    if (cents === null) {
      // A new mistake in the form replaces whatever the server said about the last attempt.
      create.reset();
      return;
    }
    const input = { amount: cents, method: 'PIX', pixKeyType, pixKey, description: description || undefined };
    const r = await create.run({ input, key, totp: totp || undefined });
    if (!r) return;
    setDone(true);
    setIdem(newIdempotencyKey());
    setAmount('');
    setTotp('');
    onCreated();
  };
  return (
    <Section title={t('newWithdrawal')}>
      <form onSubmit={(e) => void submit(e)} className="grid-form">
        <Field label={t('amount')}>{(id) => <input id={id} required inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}</Field>
        <Field label={t('pixKeyType')}>
          {(id) => (
            <select id={id} value={pixKeyType} onChange={(e) => setType(e.target.value)}>
              <CodeOptions family="PixKeyType" codes={KEY_TYPES} />
            </select>
          )}
        </Field>
        <Field label={t('pixKey')}>{(id) => <input id={id} required value={pixKey} onChange={(e) => setKey(e.target.value)} />}</Field>
        <Field label={t('description')}>{(id) => <input id={id} maxLength={140} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        {needs2fa && (
          <Field label={t('totpCode')}>
            {(id) => <input id={id} required inputMode="numeric" autoComplete="one-time-code" value={totp} onChange={(e) => setTotp(e.target.value)} />}
          </Field>
        )}
        <ErrorMessage error={local ? new ApiError('INVALID_AMOUNT', 'INVALID_AMOUNT') : create.error} />
        <button type="submit" disabled={create.busy}>
          {t('create')}
        </button>
      </form>
      {done && <Notice>{t('withdrawalCreated')}</Notice>}
    </Section>
  );
}
