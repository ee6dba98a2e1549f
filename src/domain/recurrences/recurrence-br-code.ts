import { PIX_GUI } from '../pix/br-code';
import { crc16CcittFalse } from '../pix/crc16';
import { parseTlv, tlv } from '../pix/emv';
import { toEmvText } from '../pix/emv-text';

/**
 * The BR Code of a PIX Automático authorisation: template 80 (GUI `br.gov.bcb.pix`, 25 the
 * recurrence's location without scheme). J2 (recurrence QR) is that alone with the
 * merchant's fields; J3 (composite) adds it to the first charge's dynamic BR Code, so one
 * scan pays the charge and shows the authorisation.
 */
export function recurrenceBrCode(o: { recurrenceLocation: string; merchantName: string; merchantCity: string; firstPaymentBrCode?: string }): string {
  const template80 = tlv('80', tlv('00', PIX_GUI) + tlv('25', o.recurrenceLocation.replace(/^https?:\/\//i, '')));
  if (o.firstPaymentBrCode) {
    // Insert 80 before the CRC (63), keeping the fields in ascending order, and recompute the CRC.
    const fields = parseTlv(o.firstPaymentBrCode).filter((f) => f.id !== '63');
    const withoutCrc = fields.map((f) => tlv(f.id, f.value)).join('') + template80 + '6304';
    return withoutCrc + crc16CcittFalse(withoutCrc);
  }
  const withoutCrc =
    tlv('00', '01') +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', toEmvText(o.merchantName, 25)) +
    tlv('60', toEmvText(o.merchantCity, 15)) +
    tlv('62', tlv('05', '***')) +
    template80 +
    '6304';
  return withoutCrc + crc16CcittFalse(withoutCrc);
}
