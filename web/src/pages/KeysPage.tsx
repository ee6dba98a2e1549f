import { useState } from 'react';
import { CopyButton, DataTable, ErrorMessage, Loadable, Section, StatusBadge } from '../components/ui';
import { graphql } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { useMe } from '../lib/me';

const ApiKeys = graphql(`query ApiKeys { apiKeys { id mode prefix last4 createdAt lastUsedAt revokedAt } }`);
const CreateKey = graphql(`mutation CreateApiKey($mode: KeyMode!) { createApiKey(mode: $mode) { key apiKey { id } } }`);
const RevokeKey = graphql(`mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }`);

export function KeysPage() {
  const { t, dateTime, label } = useI18n();
  const { me } = useMe();
  const keys = useQuery(ApiKeys, {});
  const create = useMutation(CreateKey);
  const revoke = useMutation(RevokeKey);
  const [shown, setShown] = useState<string>();
  const has2fa = me?.user?.twoFactorEnabled ?? false;

  const make = async (mode: 'test' | 'live') => {
    const r = await create.run({ mode });
    if (r) {
      setShown(r.createApiKey.key);
      keys.reload();
    }
  };
  const list = keys.data?.apiKeys ?? [];
  return (
    <>
      <h1 tabIndex={-1}>{t('keysTitle')}</h1>
      <Section
        title={t('keysTitle')}
        actions={
          <div className="actions">
            <button type="button" onClick={() => void make('test')} disabled={create.busy}>
              {t('newTestKey')}
            </button>
            <button type="button" className="secondary" onClick={() => void make('live')} disabled={create.busy || !has2fa} aria-describedby="live-hint">
              {t('newLiveKey')}
            </button>
          </div>
        }
      >
        {!has2fa && (
          <p className="muted" id="live-hint">
            {t('liveNeeds2fa')}
          </p>
        )}
        <ErrorMessage error={create.error ?? revoke.error} />
        {shown && (
          <div className="secret" role="status">
            <p>{t('keyShownOnce')}</p>
            <code data-testid="new-api-key">{shown}</code> <CopyButton text={shown} label={t('key')} />
            <button type="button" className="link" onClick={() => setShown(undefined)}>
              {t('close')}
            </button>
          </div>
        )}
        <Loadable loading={keys.loading} error={keys.error} empty={!keys.loading && list.length === 0} reload={keys.reload}>
          <DataTable columns={[t('key'), t('mode'), t('createdAt'), t('lastUsed'), { label: t('revoke'), hidden: true }]}>
                {list.map((k) => (
                  <tr key={k.id}>
                    <td>
                      <code>
                        {k.prefix}…{k.last4}
                      </code>
                    </td>
                    <td>{label('KeyMode', k.mode)}</td>
                    <td>{dateTime(k.createdAt)}</td>
                    <td>{k.lastUsedAt ? dateTime(k.lastUsedAt) : t('never')}</td>
                    <td>
                      {k.revokedAt ? (
                        <StatusBadge status="REVOKED" family="Badge" />
                      ) : (
                        <button type="button" className="danger small" onClick={() => void revoke.run({ id: k.id }).then((r) => r && keys.reload())}>
                          {t('revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
          </DataTable>
        </Loadable>
      </Section>
    </>
  );
}
