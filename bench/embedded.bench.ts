import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark } from './support/benchmark';
import { cpuWithChildrenMs, freePort, peakRssMb, rssMb, startNode, stop, waitHealthy } from './support/processes';
import { now, printTable, type ResultRow } from './support/report';

/**
 * Memory of the embedded default, as a newcomer's `npm start` holds it: the compiled
 * service with no database, broker or cache configured (PGlite under a new DATA_DIR),
 * started, left at rest once /health answers, its resident memory sampled; then
 * stopped and started again on the same folder and sampled the same way. The goal is
 * at most 300 MB resident at rest after either start.
 *
 *   npm run bench -- embedded
 *   BENCH_REST_SECONDS=30 (rest before sampling), BENCH_SAMPLES=5 (one a second; the largest is reported)
 */
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 30);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const GOAL_MB = 300;

/** Settings that would move the service off its embedded default, emptied (the config ignores empty values). */
const NOT_EMBEDDED = Object.fromEntries(['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'SMTP_URL', 'ROLE', 'NODE_OPTIONS'].map((k) => [k, '']));

interface StartFigures {
  healthyMs: number;
  /** CPU used up to /health, by the service and the child processes it ran. */
  cpuMs: number;
  restMb: number;
  peakMb: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startAndSample(dataDir: string): Promise<StartFigures> {
  const port = await freePort();
  const started = now();
  const { child } = await startNode(join(__dirname, '..', 'src', 'main.js'), [], { ...NOT_EMBEDDED, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, () => true);
  try {
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the service exited with ${code} before /health answered`))));
    await Promise.race([waitHealthy(`http://127.0.0.1:${port}/health`, 600_000), exited]);
    const healthyMs = now() - started;
    const cpuMs = cpuWithChildrenMs(child.pid!);
    await pause(REST_SECONDS * 1000);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i > 0) await pause(1000);
      samples.push(rssMb(child.pid!));
    }
    return { healthyMs, cpuMs, restMb: Math.max(...samples), peakMb: peakRssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

function rows(label: string, f: StartFigures): ResultRow[] {
  return [
    { metric: `${label}: time to /health (CPU used meanwhile)`, value: `${(f.healthyMs / 1000).toFixed(1)} s (${(f.cpuMs / 1000).toFixed(1)} s)` },
    { metric: `${label}: resident at rest (${REST_SECONDS} s after /health)`, value: `${f.restMb.toFixed(0)} MB`, goal: `<= ${GOAL_MB} MB`, verdict: f.restMb <= GOAL_MB ? 'ok' : 'MISS' },
    { metric: `${label}: peak resident`, value: `${f.peakMb.toFixed(0)} MB` },
  ];
}

export const embeddedBenchmark: Benchmark = {
  name: 'embedded',
  description: 'resident memory of `npm start` on the embedded database, first start (new data folder) and second',
  async run() {
    const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-bench-embedded-'));
    try {
      const first = await startAndSample(dataDir);
      const second = await startAndSample(dataDir);
      printTable(`embedded default, compiled service, DATA_DIR=${dataDir}`, [...rows('first start', first), ...rows('second start', second)]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
