import 'reflect-metadata';
import { apiPixReconcileBenchmark } from './apipix-reconcile.bench';
import { apiPixBenchmark } from './apipix.bench';
import { chargesBenchmark } from './charges.bench';
import { embeddedBenchmark } from './embedded.bench';
import { flowBenchmark } from './flow.bench';
import { ledgerBenchmark } from './ledger.bench';
import { soakBenchmark } from './soak.bench';
import { payoutsBenchmark } from './payouts.bench';
import { rateLimitsBenchmark } from './rate-limits.bench';
import { webhookWorkersBenchmark } from './webhook-workers.bench';
import { webhooksBenchmark } from './webhooks.bench';
import { withdrawalsBenchmark } from './withdrawals.bench';
import type { Benchmark } from './support/benchmark';

/**
 * `npm run bench [-- name...]`: runs the registered benchmarks (all, or those named)
 * one after the other (most on the local PostgreSQL; `embedded` on PGlite). Each benchmark is a file
 * `bench/<name>.bench.ts` exporting a `Benchmark` (support/benchmark.ts); add it to BENCHMARKS below.
 * Figures are for the closing notes; nothing here gates CI.
 */
const BENCHMARKS: Benchmark[] = [ledgerBenchmark, chargesBenchmark, rateLimitsBenchmark, webhooksBenchmark, webhookWorkersBenchmark, withdrawalsBenchmark, flowBenchmark, embeddedBenchmark, apiPixBenchmark, apiPixReconcileBenchmark, payoutsBenchmark, soakBenchmark];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? BENCHMARKS.filter((b) => wanted.includes(b.name)) : BENCHMARKS;
  if (selected.length === 0) throw new Error(`no benchmark named ${wanted.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  for (const b of selected) {
    console.log(`\n=== ${b.name}: ${b.description}`);
    await b.run();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
