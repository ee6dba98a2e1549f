import type { InstitutionChargeReportsService } from './institution-charge-reports.service';
import type { ConfirmedPixPayment } from './psp-pix';

/** A payment `judgePspPix` confirmed, through the one report path (idempotent by its report id). */
export async function applyConfirmedPayment(reports: Pick<InstitutionChargeReportsService, 'apply'>, payment: ConfirmedPixPayment): Promise<boolean> {
  const { paidAt, ...report } = payment;
  return (await reports.apply({ ...report, paidAt: new Date(paidAt) })).applied;
}
