import { useI18n } from '../lib/i18n';
import { href } from '../lib/router';

export function SellerRequired() {
  const { t } = useI18n();
  return (
    <>
      <h1 tabIndex={-1}>{t('sellerTitle')}</h1>
      <p>
        {t('sellerNeeded')} <a href={href('account')}>{t('sellerRegister')}</a>
      </p>
    </>
  );
}
