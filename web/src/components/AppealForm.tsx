import { type FormEvent, useState } from 'react';
import { type AppealProblem, appealProblems, fileSize } from '../lib/appeal';
import { newIdempotencyKey } from '../lib/client';
import { graphql } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { ErrorMessage, Field, Loadable, Section } from './ui';

const Limits = graphql(`query AppealLimits { appealLimits { maxFiles maxFileBytes maxRequestBytes maxReasonLength mediaTypes } }`);

const Appeal = graphql(`
  mutation AppealDispute($disputeId: ID!, $reason: String!, $files: [Upload!], $key: String!) {
    appealDispute(disputeId: $disputeId, appealReason: $reason, files: $files, idempotencyKey: $key) { id status message uploadedFiles }
  }
`);

/**
 * The seller's appeal: a justification and files, checked against the API's own limits
 * before anything is sent, then sent as one GraphQL multipart request.
 */
/** The key stays the same until an appeal succeeds: the API stores only successes, so a retry after a lost answer is not a second appeal. */
export function AppealForm({ disputeId, onSent }: { disputeId: string; onSent(message: string): void }) {
  const { t, locale, errorText } = useI18n();
  const limits = useQuery(Limits, {});
  const appeal = useMutation(Appeal);
  const [reason, setReason] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<AppealProblem[]>([]);
  const [key] = useState(newIdempotencyKey);
  const l = limits.data?.appealLimits;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!l) return;
    const found = appealProblems(reason, files, l);
    setProblems(found);
    if (found.length > 0) return;
    const r = await appeal.run({ disputeId, reason: reason.trim(), files, key });
    if (!r) return;
    onSent(r.appealDispute.message);
  };

  return (
    <Section title={t('appealTitle')}>
      <Loadable loading={limits.loading} error={limits.error} empty={!l} reload={limits.reload}>
        {l && (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <p className="muted">{t('appealIntro')}</p>
            <Field label={t('appealReason')} hint={`${reason.trim().length} / ${l.maxReasonLength}`}>
              {(id) => <textarea id={id} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} className="prose" />}
            </Field>
            <Field label={t('appealFiles')} hint={`${t('appealFilesMax')}: ${l.maxFiles} × ${fileSize(l.maxFileBytes, locale)}`}>
              {(id) => <input id={id} type="file" multiple accept={l.mediaTypes.join(',')} onChange={(e) => setFiles([...(e.target.files ?? [])])} />}
            </Field>
            {files.length > 0 && (
              <ul className="chosen-files">
                {files.map((f, i) => (
                  <li key={`${i}-${f.name}`}>
                    {f.name} <span className="muted">({fileSize(f.size, locale)})</span>
                  </li>
                ))}
              </ul>
            )}
            {problems.length > 0 && (
              <ul className="error" role="alert">
                {problems.map((p, i) => (
                  <li key={i} data-code={p.code}>
                    {p.file && `${p.file}: `}
                    {errorText(p.code, p.code)}
                  </li>
                ))}
              </ul>
            )}
            <ErrorMessage error={appeal.error} />
            <button type="submit" disabled={appeal.busy}>
              {t('appealSend')}
            </button>
          </form>
        )}
      </Loadable>
    </Section>
  );
}
