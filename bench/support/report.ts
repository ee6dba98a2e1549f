/** Small helpers shared by the benchmarks: timing, percentiles and a plain-text table. */

export const now = (): number => Number(process.hrtime.bigint()) / 1e6;

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i]!;
}

export interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function latencies(samplesMs: number[]): Latencies {
  const s = [...samplesMs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? Number.NaN };
}

export interface ResultRow {
  metric: string;
  value: string;
  goal?: string;
  /** e.g. "87% of goal" or "ok"/"MISS". */
  verdict?: string;
}

export function printTable(title: string, rows: ResultRow[]): void {
  const header: ResultRow = { metric: 'metric', value: 'value', goal: 'goal', verdict: 'verdict' };
  const all = [header, ...rows];
  const w = (k: keyof ResultRow) => Math.max(...all.map((r) => (r[k] ?? '').length));
  const widths = { metric: w('metric'), value: w('value'), goal: w('goal'), verdict: w('verdict') };
  const line = (r: ResultRow) =>
    `| ${r.metric.padEnd(widths.metric)} | ${r.value.padStart(widths.value)} | ${(r.goal ?? '').padEnd(widths.goal)} | ${(r.verdict ?? '').padEnd(widths.verdict)} |`;
  const rule = `|${'-'.repeat(widths.metric + 2)}|${'-'.repeat(widths.value + 2)}|${'-'.repeat(widths.goal + 2)}|${'-'.repeat(widths.verdict + 2)}|`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(rule);
  for (const r of rows) console.log(line(r));
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const int = (v: number) => Math.round(v).toLocaleString('en-US');
