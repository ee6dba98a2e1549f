import { saveBlob } from './download';

/** RFC 4180 cells; text that a spreadsheet would run as a formula gets a leading quote. */
function cell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function download(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(name, new Blob([text], { type }));
}
