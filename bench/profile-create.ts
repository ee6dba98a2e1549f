import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { readCpuProfile, topFrames } from './support/cpu-profile';
import { createDatabase } from './support/postgres';
import { seedSeller } from './support/seed';
import { BENCH_BUDGETS } from './support/budgets';
import { freePort, stop, waitHealthy } from './support/processes';

/**
 * CPU profile of the REST charge create under load: `node dist/bench/profile-create.js
 * [dist root]` starts the api (from this build, or from another build's dist folder, to
 * compare versions) with `--cpu-prof`, loads it with 16 clients for BENCH_SECONDS after
 * an equal warm-up, and prints the top frames by self time during the measured run. The
 * .cpuprofile file stays in the printed folder.
 */

/** Monotonic microseconds, the clock V8 stamps profile samples with. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1_000n);

async function main() {
  const dist = resolve(process.argv[2] ?? join(__dirname, '..'));
  const seconds = Number(process.env.BENCH_SECONDS ?? 15);
  const profDir = mkdtempSync(join(tmpdir(), 'pixpay-cpu-prof-'));
  const db = await createDatabase('pixpay_bench_profile');
  try {
    const port = await freePort();
    const env = { DATABASE_URL: db.url, PORT: String(port), ROLE: 'api', LOG_LEVEL: 'warn', MODE: 'sandbox', ...BENCH_BUDGETS };
    const key = await seedSeller(dist, env, 'profile@example.com');
    const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, join(dist, 'src/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    let fromUs = 0;
    let toUs = 0;
    try {
      await waitHealthy(`http://127.0.0.1:${port}/health`);
      const body = JSON.stringify({ amount: 1050, description: 'Pedido de teste', customer: { name: 'Maria Souza', email: 'maria@example.com' } });
      const load = () => autocannon({
        url: `http://127.0.0.1:${port}/api/v1/cobranca/transactions`,
        method: 'POST',
        connections: 16,
        duration: seconds,
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body,
        requests: [{ setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }],
      });
      await load(); // warm-up: modules loaded, code optimised
      fromUs = monotonicUs();
      const r = await load();
      toUs = monotonicUs();
      console.log(`${dist}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
      // A profile of refused requests would describe the error path, not the create.
      if (r.non2xx > 0) throw new Error(`${r.non2xx} creates were not answered 2xx: the profile would not be of the create path`);
    } finally {
      await stop(child);
    }
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written in ${profDir}`);
    const top = topFrames(readCpuProfile(join(profDir, file)), 25, fromUs, toUs);
    console.log(`profile: ${join(profDir, file)}\nself time during the measured run (${top[0]?.samples ?? 0} samples), top frames:`);
    for (const { frame, selfPct } of top) console.log(`${selfPct.toFixed(1).padStart(5)} %  ${frame}`);
  } finally {
    await db.drop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
