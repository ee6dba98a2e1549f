import { type FormEvent, useState } from 'react';
import { DueDateFields } from '../components/DueDateFields';
import { PixCharge } from '../components/PixCharge';
import { ChoiceFilter, DataTable, ErrorMessage, Field, Loadable, Notice, Section, StatusBadge } from '../components/ui';
import { awaitsPayment, ChargeFields, ChargeUpdated, TRANSACTION_STATUSES } from '../lib/charges';
import { ApiError, newIdempotencyKey } from '../lib/client';
import { dueDateInput, emptyDueDateDraft } from '../lib/due-date-form';
import { graphql, readFragment, type ResultOf } from '../lib/graphql';
import { useMutation, useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { parseReais } from '../lib/money';
import { href } from '../lib/router';

const PAGE = 20;

const Charges = graphql(
  `query Charges($limit: Int, $offset: Int, $status: TransactionStatus, $createdFrom: DateTimeISO, $createdUntil: DateTimeISO, $search: String) {
    transactions(limit: $limit, offset: $offset, status: $status, createdFrom: $createdFrom, createdUntil: $createdUntil, search: $search) {
      total items { ...ChargeFields }
    }
  }`,
  [ChargeFields],
);

const CreateCharge = graphql(
  `mutation CreateCharge($input: CreateTransactionInput!, $key: String!) { createTransaction(input: $input, idempotencyKey: $key) { ...ChargeFields } }`,
  [ChargeFields],
);

type Charge = ResultOf<typeof ChargeFields>;
type Status = (typeof TRANSACTION_STATUSES)[number];
type Filters = { status?: Status; from?: string; until?: string; search?: string };

/** A local date-time input value -> the ISO instant in the user's time zone. */
const localToIso = (v: string) => (v ? new Date(v).toISOString() : undefined);

export function ChargesPage() {
  const { t, money, dateTime } = useI18n();
  const [filters, setFilters] = useState<Filters>({});
  const [offset, setOffset] = useState(0);
  const vars = { limit: PAGE, offset, status: filters.status, createdFrom: localToIso(filters.from ?? ''), createdUntil: localToIso(filters.until ?? ''), search: filters.search };
  const list = useQuery(Charges, vars);
  const items = (list.data?.transactions.items ?? []).map((i) => readFragment(ChargeFields, i));
  const total = list.data?.transactions.total ?? 0;

  // Status badges follow the live events without a reload.
  useSubscription(ChargeUpdated, { id: null }, (d) => {
    const next = readFragment(ChargeFields, d.transactionUpdated);
    list.setData((prev) => {
      if (!prev) return prev;
      const known = prev.transactions.items.some((i) => readFragment(ChargeFields, i).id === next.id);
      if (known) {
        return { transactions: { ...prev.transactions, items: prev.transactions.items.map((i) => (readFragment(ChargeFields, i).id === next.id ? d.transactionUpdated : i)) } };
      }
      const unfiltered = offset === 0 && !filters.status && !filters.from && !filters.until && !filters.search;
      return unfiltered ? { transactions: { ...prev.transactions, total: prev.transactions.total + 1, items: [d.transactionUpdated, ...prev.transactions.items].slice(0, PAGE) } } : prev;
    });
  });

  return (
    <>
      <h1 tabIndex={-1}>{t('chargesTitle')}</h1>
      <NewCharge onCreated={list.reload} />
      <Section title={t('chargesTitle')} actions={<span className="muted live">● {t('liveUpdates')}</span>}>
        <ChargeFilters
          onApply={(f) => {
            setOffset(0);
            setFilters(f);
          }}
        />
        <Loadable loading={list.loading} error={list.error} empty={!list.loading && items.length === 0} reload={list.reload}>
          <DataTable columns={[t('createdAt'), t('description'), { label: t('total'), num: true }, t('status'), { label: t('details'), hidden: true }]}>
                {items.map((c) => (
                  <tr key={c.id} data-charge={c.id}>
                    <td>{dateTime(c.createdAt)}</td>
                    <td>{c.description ?? <span className="muted">{c.id}</span>}</td>
                    <td className="num">{money(c.amount)}</td>
                    <td>
                      <StatusBadge status={c.status} family="TransactionStatus" />
                    </td>
                    <td>
                      <a href={href('charges', c.id)} aria-label={`${t('details')} ${c.description ?? c.id}`}>
                        {t('details')}
                      </a>
                    </td>
                  </tr>
                ))}
          </DataTable>
          <Pager offset={offset} total={total} size={PAGE} onChange={setOffset} />
        </Loadable>
      </Section>
    </>
  );
}

export function Pager({ offset, total, size, onChange }: { offset: number; total: number; size: number; onChange(o: number): void }) {
  const { t } = useI18n();
  return (
    <div className="pager">
      <button type="button" className="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - size))}>
        {t('previous')}
      </button>
      <span className="muted">
        {total === 0 ? 0 : offset + 1}–{Math.min(offset + size, total)} / {total}
      </span>
      <button type="button" className="secondary" disabled={offset + size >= total} onClick={() => onChange(offset + size)}>
        {t('next')}
      </button>
    </div>
  );
}

function ChargeFilters({ onApply }: { onApply(f: Filters): void }) {
  const { t } = useI18n();
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [search, setSearch] = useState('');
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ status: (status || undefined) as Status | undefined, from, until, search: search.trim() || undefined });
      }}
    >
      <ChoiceFilter label={t('status')} value={status} choices={TRANSACTION_STATUSES} family="TransactionStatus" onChange={setStatus} />
      <Field label={t('from')}>{(id) => <input id={id} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />}</Field>
      <Field label={t('until')}>{(id) => <input id={id} type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />}</Field>
      <Field label={t('search')} hint={t('chargeSearchHint')}>
        {(id) => <input id={id} type="search" maxLength={200} value={search} onChange={(e) => setSearch(e.target.value)} />}
      </Field>
      <button type="submit" className="secondary">
        {t('filter')}
      </button>
    </form>
  );
}

function NewCharge({ onCreated }: { onCreated(): void }) {
  const { t } = useI18n();
  const create = useMutation(CreateCharge);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [expiration, setExpiration] = useState('3600');
  const [withDueDate, setWithDueDate] = useState(false);
  const [dueDate, setDueDate] = useState(emptyDueDateDraft);
  const [key, setKey] = useState(newIdempotencyKey);
  const [created, setCreated] = useState<Charge>();
  const [local, setLocal] = useState<string>();
  const refuse = (code: string) => {
    // A new mistake in the form replaces whatever the server said about the last attempt.
    create.reset();
    setLocal(code);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = parseReais(amount);
    if (cents === null) return refuse('INVALID_AMOUNT');
    const due = withDueDate ? dueDateInput(dueDate) : null;
    if (due && !due.ok) return refuse(due.code);
    if (!due && expiration && !/^\d+$/.test(expiration)) return refuse('INVALID_EXPIRATION');
    setLocal(undefined);
    const base = { amount: cents, description: description || undefined };
    // A charge with a due date has no expiry: it can be paid until its validity after the due date ends.
    const input = due?.ok ? { ...base, ...due.input } : { ...base, expiration: expiration ? Number(expiration) : undefined };
    const r = await create.run({ input, key });
    if (!r) return;
    setCreated(readFragment(ChargeFields, r.createTransaction));
    setKey(newIdempotencyKey());
    setAmount('');
    setDescription('');
    setDueDate(emptyDueDateDraft());
    onCreated();
  };
  return (
    <Section title={t('newCharge')}>
      <form onSubmit={(e) => void submit(e)} className="grid-form">
        <Field label={t('amount')}>{(id) => <input id={id} required inputMode="decimal" placeholder="10,50" value={amount} onChange={(e) => setAmount(e.target.value)} />}</Field>
        <Field label={t('description')}>{(id) => <input id={id} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        {!withDueDate && <Field label={t('expiration')}>{(id) => <input id={id} inputMode="numeric" value={expiration} onChange={(e) => setExpiration(e.target.value)} />}</Field>}
        <label className="check" title={t('withDueDateHint')}>
          <input type="checkbox" checked={withDueDate} onChange={(e) => setWithDueDate(e.target.checked)} /> {t('withDueDate')}
        </label>
        {withDueDate && (
          <DueDateFields
            draft={dueDate}
            onChange={(next) => {
              setDueDate(next);
              setLocal(undefined);
            }}
          />
        )}
        <ErrorMessage error={local ? new ApiError(local, local) : create.error} />
        <button type="submit" disabled={create.busy}>
          {t('create')}
        </button>
      </form>
      {created && <CreatedCharge key={created.id} charge={created} />}
    </Section>
  );
}

/** The charge just created: its QR code and countdown while it waits for payment, then what became of it, live. */
function CreatedCharge({ charge }: { charge: Charge }) {
  const { t } = useI18n();
  const [now, setNow] = useState(charge);
  useSubscription(ChargeUpdated, { id: charge.id }, (d) => setNow(readFragment(ChargeFields, d.transactionUpdated)));
  return (
    <div className="created" data-testid="created-charge" data-charge={now.id} data-status={now.status}>
      <p>
        <a href={href('charges', now.id)}>{now.id}</a> <StatusBadge status={now.status} family="TransactionStatus" />
      </p>
      {now.pix && awaitsPayment(now.status) ? <PixCharge pix={now.pix} /> : now.status === 'PAID' && <Notice>{t('chargePaid')}</Notice>}
    </div>
  );
}
