import { type ReactNode, useId, useState } from 'react';
import type { ApiError } from '../lib/client';
import { useI18n } from '../lib/i18n';
import type { CodeFamily } from '../lib/labels/code-labels';

/** What a failed call's code means, announced to screen readers; the code itself stays for support in `data-code`. */
export function ErrorMessage({ error }: { error: ApiError | undefined }) {
  const { errorText } = useI18n();
  if (!error) return null;
  return (
    <p className="error" role="alert" data-code={error.code}>
      {errorText(error.code, error.message)}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** Loading, error (with retry) and empty states around a query's content. */
export function Loadable({ loading, error, empty, reload, children }: { loading: boolean; error?: ApiError; empty?: boolean; reload?: () => void; children: ReactNode }) {
  const { t, errorText } = useI18n();
  if (error)
    return (
      <div className="error-box" role="alert" data-code={error.code}>
        <p>
          {t('errorLoading')}: {errorText(error.code, error.message)}
        </p>
        {reload && (
          <button type="button" onClick={reload}>
            {t('retry')}
          </button>
        )}
      </div>
    );
  if (loading && empty !== false)
    return (
      <p className="muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  if (empty) return <p className="muted">{t('empty')}</p>;
  return <>{children}</>;
}

export function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <small className="muted">{hint}</small>}
    </div>
  );
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Outside secure contexts the clipboard API is absent: fall back to a selection copy.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setDone(true);
    setTimeout(() => setDone(false), 2000);
  };
  return (
    <button type="button" className="secondary" onClick={() => void copy()} aria-label={label ? `${t('copy')}: ${label}` : t('copy')}>
      {done ? t('copied') : t('copy')}
    </button>
  );
}

const TONE: Record<string, string> = {
  PAID: 'ok',
  APPROVED: 'ok',
  DELIVERED: 'ok',
  REFUNDED: 'info',
  PARTIALLY_REFUNDED: 'info',
  PENDING: 'wait',
  WAITING_PAYMENT: 'wait',
  PROCESSING: 'wait',
  AUTHORIZED: 'wait',
  PENDING_REVIEW: 'wait',
  OPEN: 'wait',
  UNDER_REVIEW: 'info',
  WON: 'ok',
  TWO_FACTOR_ON: 'ok',
  TWO_FACTOR_OFF: 'wait',
  CREATED: 'info',
  SCHEDULED: 'info',
  MISSED: 'muted',
  EXPIRED: 'muted',
  CANCELED: 'muted',
  CANCELLED: 'muted',
  INVITED: 'wait',
  ACTIVE: 'ok',
  DECLINED: 'muted',
  ENDED: 'muted',
};

/** Where one code means different things in two families: an ACTIVE link is settled, an ACTIVE cycle awaits its payment. */
const FAMILY_TONE: Partial<Record<CodeFamily, Record<string, string>>> = {
  RecurrenceCycleStatus: { ACTIVE: 'wait' },
};

/** A status as a coloured badge with its words; the code stays in `data-status`. Unknown statuses get the neutral tone. */
export function StatusBadge({ status, family }: { status: string; family: CodeFamily }) {
  const { label } = useI18n();
  return (
    <span className={`badge badge-${FAMILY_TONE[family]?.[status] ?? TONE[status] ?? 'bad'}`} data-status={status}>
      {label(family, status)}
    </span>
  );
}

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface Column {
  label: string;
  /** right-aligned figures */
  num?: boolean;
  /** a label for screen readers only (action columns) */
  hidden?: boolean;
}

/** A table that scrolls sideways on its own at phone width; rows are the children. */
export function DataTable({ columns, children }: { columns: (string | Column)[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((c) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <th key={col.label} scope="col" className={col.num ? 'num' : undefined}>
                  {col.hidden ? <span className="sr-only">{col.label}</span> : col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A select of fixed values with an "all" choice first (filters); each value shows its label. */
export function ChoiceFilter({ label, value, choices, family, onChange }: { label: string; value: string; choices: readonly string[]; family: CodeFamily; onChange(v: string): void }) {
  const { t } = useI18n();
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('all')}</option>
          <CodeOptions family={family} codes={choices} />
        </select>
      )}
    </Field>
  );
}

/** The options of a select of codes: the code as the value, its label as the text. */
export function CodeOptions({ family, codes }: { family: CodeFamily; codes: readonly string[] }) {
  const { label } = useI18n();
  return (
    <>
      {codes.map((c) => (
        <option key={c} value={c}>
          {label(family, c)}
        </option>
      ))}
    </>
  );
}
