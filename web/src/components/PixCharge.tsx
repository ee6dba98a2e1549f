import { CopyButton } from './ui';
import { Countdown } from './Countdown';
import { useI18n } from '../lib/i18n';

/** What a payer needs: the QR image, the copy-and-paste BR Code and the time left. */
export function PixCharge({ pix }: { pix: { qrCode: string; copyPaste: string; expiresAt: string } }) {
  const { t } = useI18n();
  return (
    <div className="pix">
      {/* qrCode is a PNG data URI or an image URL: both work as the src. */}
      <img className="qr" src={pix.qrCode} alt={t('qrAlt')} width={200} height={200} />
      <div className="pix-text">
        <label className="field">
          <span>{t('copyPaste')}</span>
          <textarea readOnly rows={4} value={pix.copyPaste} data-testid="copy-paste" onFocus={(e) => e.currentTarget.select()} />
        </label>
        <CopyButton text={pix.copyPaste} label={t('copyPaste')} />
        <p>
          <Countdown until={pix.expiresAt} />
        </p>
      </div>
    </div>
  );
}
