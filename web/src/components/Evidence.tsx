import { useState } from 'react';
import { fileSize } from '../lib/appeal';
import { ApiError, downloadFile } from '../lib/client';
import { graphql, type ResultOf } from '../lib/graphql';
import { useI18n } from '../lib/i18n';
import { DataTable, ErrorMessage } from './ui';

export const EvidenceFields = graphql(`
  fragment EvidenceFields on DisputeEvidence { id name type mediaType size sha256 createdAt downloadPath }
`);

type Evidence = ResultOf<typeof EvidenceFields>;

/** The files sent with an appeal; each downloads with the session (the API path needs the credential). */
export function EvidenceTable({ files }: { files: readonly Evidence[] }) {
  const { t, dateTime, locale } = useI18n();
  const [error, setError] = useState<ApiError>();
  if (files.length === 0) return <p className="muted">{t('empty')}</p>;
  const save = (f: Evidence) => {
    setError(undefined);
    downloadFile(f.downloadPath, f.name).catch((e: unknown) => setError(e instanceof ApiError ? e : new ApiError('ERROR', String(e))));
  };
  return (
    <>
      <DataTable columns={[t('fileName'), t('type'), { label: t('size'), num: true }, t('sentAt'), { label: t('download'), hidden: true }]}>
        {files.map((f) => (
          <tr key={f.id} data-evidence={f.id}>
            <td>{f.name}</td>
            <td>{f.type}</td>
            <td className="num">{fileSize(f.size, locale)}</td>
            <td>{dateTime(f.createdAt)}</td>
            <td>
              <a
                href={f.downloadPath}
                download={f.name}
                aria-label={`${t('download')} ${f.name}`}
                onClick={(e) => {
                  e.preventDefault();
                  save(f);
                }}
              >
                {t('download')}
              </a>
            </td>
          </tr>
        ))}
      </DataTable>
      <ErrorMessage error={error} />
    </>
  );
}
