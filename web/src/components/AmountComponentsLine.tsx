import { useI18n } from '../lib/i18n';

type Parts = { original: number; fine: number; interest: number; abatement: number; discount: number };

/** Under a statement credit: what a due-date charge's payment is made of, the parts that are not zero. */
export function AmountComponentsLine({ parts }: { parts: Parts }) {
  const { t, money } = useI18n();
  const shown = [
    [t('componentOriginal'), parts.original, ''],
    [t('componentFine'), parts.fine, '+ '],
    [t('componentInterest'), parts.interest, '+ '],
    [t('componentAbatement'), parts.abatement, '− '],
    [t('componentDiscount'), parts.discount, '− '],
  ] as const;
  return (
    <small className="muted components" data-testid="amount-components">
      <br />
      {shown
        .filter(([, cents], i) => i === 0 || cents !== 0)
        .map(([name, cents, sign]) => `${sign}${name} ${money(cents)}`)
        .join(' ')}
    </small>
  );
}
