/** The value of one sample of a /metrics text, e.g. metricSample(text, 'pixpay_charges_paid_total'); undefined when absent. */
export function metricSample(text: string, sample: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}
