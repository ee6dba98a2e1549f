import type bwipjs from 'bwip-js/node';
import { formatDigitableLine } from '../../domain/boleto/febraban';
import type { Transaction } from '../../domain/transactions/transaction.types';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let barcodes: typeof bwipjs | undefined;

/**
 * The barcode as SVG: interleaved 2 of 5 (FEBRABAN), drawn by bwip-js (loaded on the first
 * boleto page: it carries every symbology, about 2.5 MB of heap a service without boletos never needs).
 */
export function boletoBarcodeSvg(barcode: string): string {
  barcodes ??= require('bwip-js/node') as typeof bwipjs;
  return barcodes.toSVG({ bcid: 'interleaved2of5', text: barcode, height: 13, includetext: false, paddingwidth: 10 });
}

/**
 * The printable boleto: a self-contained HTML page (no external assets, prints on
 * A4) with the digitable line, amount, due date, payer and the barcode.
 */
export function renderBoletoPage(t: Transaction): string {
  const b = t.boleto;
  if (!b) throw new Error('not a boleto');
  const payer = t.customer?.name ?? '';
  const rows: [string, string][] = [
    ['Beneficiário', b.beneficiaryName ?? ''],
    ['Pagador', payer],
    ['Vencimento', b.dueDate.split('-').reverse().join('/')],
    ['Valor do documento', brl(t.amount)],
    ['Nosso número', t.providerReference],
    ['Banco', `${b.bankCode} (sandbox: não pagável em bancos reais)`],
  ];
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Boleto ${escapeHtml(t.id)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;margin:24px;color:#000}h1{font-size:18px}
.line{font-family:monospace;font-size:18px;font-weight:bold;margin:12px 0}table{border-collapse:collapse;width:100%;max-width:720px}
td{border:1px solid #000;padding:4px 8px;font-size:13px}td:first-child{width:35%;font-weight:bold}.barcode{margin-top:16px}
.notice{font-size:12px;color:#a00}</style></head>
<body><h1>Boleto de cobrança (sandbox)</h1>
<p class="notice">Documento de teste: código de barras fictício, nenhum valor real é cobrado.</p>
<div class="line" data-digitable-line="${b.digitableLine}">${formatDigitableLine(b.digitableLine)}</div>
<table>${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<div class="barcode" data-barcode="${b.barcode}">${boletoBarcodeSvg(b.barcode)}</div>
</body></html>`;
}
