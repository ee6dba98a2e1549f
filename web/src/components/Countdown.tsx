import { useNow } from '../lib/hooks';
import { useI18n } from '../lib/i18n';

/** Time left until an instant, as h:mm:ss, updated every second. */
export function Countdown({ until }: { until: string }) {
  const { t } = useI18n();
  const now = useNow();
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  if (left === 0) return <span className="badge badge-muted">{t('expired')}</span>;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const text = `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return (
    <span>
      {t('expiresIn')} <time dateTime={`PT${left}S`} data-testid="countdown">{text}</time>
    </span>
  );
}
