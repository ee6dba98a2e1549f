import { useI18n } from '../lib/i18n';
import { CopyButton } from './ui';

/** The recovery codes of a new 2FA enrolment: shown once, with a copy button. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useI18n();
  return (
    <div className="recovery-codes">
      <h3>{t('recoveryCodesTitle')}</h3>
      <p className="muted">{t('recoveryCodesHint')}</p>
      <ul data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} />
    </div>
  );
}
