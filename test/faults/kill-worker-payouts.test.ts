import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import { control, pspFaults, until } from '../apipix/psp';
import { onboardSeller, type Seller } from '../support/app';
import { startPsp } from '../support/apipix-psp';
import { contractFetch } from '../support/contract';
import { processesFixture } from './support/processes-fixture';
import type { ServiceProcess } from './support/service-process';

/**
 * kill -9 of the worker while it sends a batch of withdrawals to the PSP, one send under way:
 * the restarted worker takes the unclaimed rest at once and the jobs the dead one held when
 * their lease ends; a send begun before the kill is read back by our identifier before any
 * resend. Every withdrawal is paid at most once at the PSP, debited once, refunded at most
 * once, and the ledger sums to zero.
 */
const SELLERS = 4;
const WITHDRAWALS = 100;
const FUNDING = 60_000;
/** Refused by the PSP (NAO_REALIZADO) after it took them: every 20th withdrawal. */
const refused = (i: number) => i % 20 === 7;

interface AtPsp {
  idEnvio: string;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
  endToEndId: string;
  infoPagador?: string;
  sends: number;
}

interface Provider {
  name: 'efi' | 'inter';
  /** The PSP's send path, slowed so that the kill finds sends under way. */
  sendPath: string;
  registered: Record<string, unknown>;
  /** Our identifier of a payout the simulator holds (Efí: the idEnvio; Inter: the first word of the descricao). */
  ours(p: AtPsp): string | undefined;
}

const PROVIDERS: Provider[] = [
  { name: 'efi', sendPath: '^/v3/gn/pix/', registered: { registered: true }, ours: (p) => p.idEnvio },
  { name: 'inter', sendPath: '^/banking/v2/pix$', registered: { registered: true, payoutWebhook: { tipo: 'pix-pagamento' } }, ours: (p) => p.infoPagador?.split(' ')[0] },
];

const f = processesFixture('kill-payouts');

describe.each(PROVIDERS)('kill -9 of a worker during a batch of payouts ($name)', (provider) => {
  it(`${WITHDRAWALS} withdrawals: each paid at most once at the PSP, debited once, refunded at most once; the ledger sums to zero`, async () => {
    const { pg } = f;
    const psp = await startPsp();
    const procs: ServiceProcess[] = [];
    const start = async (name: string, env: Record<string, string>) => {
      const p = await f.start(`${name}-${provider.name}`, env);
      procs.push(p);
      return p;
    };
    try {
      // A worker killed holds the jobs it claimed for JOB_LOCK_SECONDS: the shortest lease, so the other worker takes them within the test's bound.
      const env = {
        ...psp.env,
        APIPIX_PROFILE: provider.name,
        APIPIX_TIMEOUT_MS: '3000',
        PAYOUT_PROVIDER: provider.name,
        PAYOUT_POLL_SECONDS: '2',
        INSTITUTION_CALLBACK_SECRET: randomBytes(24).toString('hex'),
        JOB_LOCK_SECONDS: '30',
        // The PSP holds every payout until the test settles them: the per-key queue (Efí's one at a
        // time) would stop the batch at its first payout, so it is opened wide; ordering is tested apart.
        PAYOUT_KEY_CONCURRENCY: '100',
      };
      await control(psp.sim, 'PUT', '/_control/payouts', { mode: 'manual' });
      const api = await start('api', { ...env, ROLE: 'api' });
      const registered = await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: api.url, LOG_LEVEL: 'silent' });
      expect(registered).toMatchObject(provider.registered);

      // Each seller funded by a Pix paying one of its charges (the PSP's callback credits it).
      const sellers: Seller[] = [];
      for (let s = 0; s < SELLERS; s++) {
        const seller = await onboardSeller(api);
        const res = await contractFetch(`${api.url}/api/v1/cobranca/transactions`, {
          method: 'POST',
          headers: { 'x-api-key': seller.apiKey, 'content-type': 'application/json', 'idempotency-key': `fund-${s}` },
          body: JSON.stringify({ amount: FUNDING }),
        });
        expect(res.status).toBe(201);
        const txid = ((await res.json()) as { data: { providerReference: string } }).data.providerReference;
        psp.sim.psp.pay(psp.sim.psp.cobs.get(txid)!, FUNDING);
        sellers.push(seller);
      }
      const balance = async (seller: Seller) =>
        ((await (await contractFetch(`${api.url}/balance-statement`, { headers: { authorization: `Bearer ${seller.apiKey}` } })).json()) as { data: { available: number } }).data.available;
      await until(async () => (await Promise.all(sellers.map(balance))).every((b) => b > 0), 'every seller to be credited', 30_000, 100).catch(async (e: Error) => {
        const callbacks = (await control(psp.sim, 'GET', '/_control/callbacks')).body;
        throw new Error(`${e.message}\ncallbacks at the PSP: ${JSON.stringify(callbacks).slice(0, 3000)}\napi log: ${api.log.slice(-4000)}`);
      });
      const funded = await Promise.all(sellers.map(balance));

      // The batch: created while no worker runs, so that the worker finds all of it due.
      const withdrawals: { id: string; seller: number; refused: boolean }[] = [];
      for (let i = 0; i < WITHDRAWALS; i++) {
        const seller = sellers[i % SELLERS]!;
        const res = await contractFetch(`${api.url}/api/v1/cobranca/withdrawals`, {
          method: 'POST',
          headers: { 'x-api-key': seller.apiKey, 'content-type': 'application/json', 'idempotency-key': `kp-${i}` },
          body: JSON.stringify({ amount: 1_000 + i, method: 'PIX', pixKeyType: 'EMAIL', pixKey: `recebedor${i}@example.com`, description: `Saque ${i}` }),
        });
        expect(res.status).toBe(201);
        withdrawals.push({ id: ((await res.json()) as { data: { id: string } }).data.id, seller: i % SELLERS, refused: refused(i) });
      }
      const ids = withdrawals.map((w) => w.id);
      const pspIdOf = new Map(
        (await pg.query<{ id: string; psp_payout_id: string }>(`select id, psp_payout_id from withdrawals where id = any($1::text[])`, [ids])).rows.map((r) => [r.psp_payout_id, r.id]),
      );
      expect(pspIdOf.size).toBe(WITHDRAWALS);
      const atPsp = async () => (await control(psp.sim, 'GET', '/_control/payouts')).body as { created: number; payouts: AtPsp[] };
      const begun = async () => Number((await pg.query<{ n: string }>(`select count(*) as n from withdrawals where id = any($1::text[]) and payout_attempts > 0`, [ids])).rows[0]!.n);

      // Each send takes a moment at the PSP, so that the worker dies with a send under way.
      await pspFaults(psp.sim, { latencyMs: 150, pathPattern: provider.sendPath });
      const started = Date.now();
      const worker = await start('worker', { ...env, ROLE: 'worker' });
      let atKill = { received: 0, begun: 0 };
      await until(
        async () => {
          atKill = { received: (await atPsp()).created, begun: await begun() };
          return atKill.received >= 30 && atKill.begun > atKill.received;
        },
        'the PSP to have received 30 payouts while the worker sends another',
        60_000,
        10,
      );
      await worker.kill();
      atKill.begun = await begun();
      // Killed in the middle of the batch, a send begun (committed) and not yet answered.
      expect(atKill.received).toBeLessThan(WITHDRAWALS);
      await pspFaults(psp.sim, { latencyMs: 0, pathPattern: null });
      const again = await start('worker-again', { ...env, ROLE: 'worker' });

      // The PSP settles what it holds of ours, refusing a few, until every withdrawal reached it and was settled.
      await until(
        async () => {
          const { payouts } = await atPsp();
          for (const p of payouts.filter((x) => x.status === 'EM_PROCESSAMENTO')) {
            const id = pspIdOf.get(provider.ours(p) ?? '');
            const w = withdrawals.find((x) => x.id === id);
            if (w) await control(psp.sim, 'POST', `/_control/payouts/${p.idEnvio}/settle`, { status: w.refused ? 'NAO_REALIZADO' : 'REALIZADO' });
          }
          const settled = new Set(payouts.filter((x) => x.status !== 'EM_PROCESSAMENTO').map((x) => provider.ours(x)));
          return [...pspIdOf.keys()].every((k) => settled.has(k));
        },
        'every withdrawal to reach the PSP and be settled',
        150_000,
        200,
      );
      const statuses = async () =>
        (await pg.query<{ id: string; status: string; amount: number; fee_amount: number; end2end: string | null; payout_attempts: number }>(
          `select id, status, amount, fee_amount, end2end, payout_attempts from withdrawals where id = any($1::text[])`,
          [ids],
        )).rows;
      await until(async () => (await statuses()).every((w) => w.status === 'PAID' || w.status === 'FAILED'), 'every withdrawal to reach a final status', 60_000, 200);
      const seconds = (Date.now() - started) / 1_000;

      // At the PSP: one payout per withdrawal, none twice, none lost.
      const { created, payouts } = await atPsp();
      const perWithdrawal = new Map<string, AtPsp[]>();
      for (const p of payouts) {
        const id = pspIdOf.get(provider.ours(p) ?? '');
        if (id) perWithdrawal.set(id, [...(perWithdrawal.get(id) ?? []), p]);
      }
      const duplicates = [...perWithdrawal.values()].reduce((n, ps) => n + ps.length - 1, 0) + (created - payouts.length);
      const lost = ids.filter((id) => !perWithdrawal.has(id));
      const final = await statuses();
      const paid = final.filter((w) => w.status === 'PAID');
      const failed = final.filter((w) => w.status === 'FAILED');
      const sends = final.reduce((n, w) => n + Number(w.payout_attempts), 0);
      console.log(
        `fault kill-worker-payouts (${provider.name}): ${WITHDRAWALS} withdrawals; killed with ${atKill.begun} sends begun, ${atKill.received} of them received by the PSP; ` +
          `sent ${sends} (payouts at the PSP ${created}), paid ${paid.length}, failed ${failed.length}, duplicates ${duplicates}, lost ${lost.length}; all final after ${seconds.toFixed(1)} s`,
      );
      expect(duplicates).toBe(0);
      expect(lost).toEqual([]);
      expect(created).toBe(WITHDRAWALS);
      expect(failed.map((w) => w.id).sort()).toEqual(withdrawals.filter((w) => w.refused).map((w) => w.id).sort());
      expect(paid.length).toBe(WITHDRAWALS - failed.length);
      // A PAID withdrawal carries the end-to-end id of its one payout at the PSP.
      for (const w of paid) expect(w.end2end).toBe(perWithdrawal.get(w.id)![0]!.endToEndId);

      // In the ledger: debited once each; refunded once if refused, never if paid; a paid payout settled once.
      const entries = await pg.query<{ withdrawal_id: string; kind: string; n: string }>(
        `select withdrawal_id, kind, count(*) as n from ledger_entries where withdrawal_id = any($1::text[]) group by withdrawal_id, kind`,
        [ids],
      );
      const count = (id: string, kind: string) => Number(entries.rows.find((r) => r.withdrawal_id === id && r.kind === kind)?.n ?? 0);
      for (const w of withdrawals) {
        expect([count(w.id, 'WITHDRAWAL_DEBIT'), count(w.id, 'WITHDRAWAL_REFUND'), count(w.id, 'WITHDRAWAL_SETTLEMENT')], w.id).toEqual(w.refused ? [1, 1, 0] : [1, 0, 1]);
      }
      const unbalanced = await pg.query(`select entry_id, sum(amount) as total from ledger_postings group by entry_id having sum(amount) <> 0`);
      expect(unbalanced.rows).toEqual([]);
      const total = await pg.query<{ total: string | null }>(`select sum(amount) as total from ledger_postings`);
      expect(Number(total.rows[0]!.total ?? 0)).toBe(0);
      // Each seller's balance: what it was funded, less what was paid out (amount and fee).
      for (let s = 0; s < SELLERS; s++) {
        const spent = paid.filter((w) => withdrawals.find((x) => x.id === w.id)!.seller === s).reduce((n, w) => n + Number(w.amount) + Number(w.fee_amount), 0);
        expect(await balance(sellers[s]!)).toBe(funded[s]! - spent);
      }
      expect((await contractFetch(`${again.url}/health/ready`)).status).toBe(200);
    } finally {
      // The next case's PSP is another: its processes must not be served by these.
      await Promise.all(procs.map((p) => p.kill()));
      await psp.sim.close();
    }
  }, 240_000);
});
