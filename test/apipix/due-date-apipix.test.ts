import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { amountDue } from '../../src/domain/due-date/amount-due';
import { addDays, brasiliaDate, endOfBrasiliaDay } from '../../src/domain/due-date/civil-dates';
import type { DueDateTerms } from '../../src/domain/due-date/due-date-terms';
import { reconciliationJobsAt } from '../../src/domain/reconciliation/reconciliation-jobs';
import { BrazilHolidays } from '../../src/infra/privacy/brazil-holidays';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { inTransaction, platformOf, runDueJobs, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { useApiPixApp } from './apipix-app';
import { control, PIX_KEY, until } from './psp';

const TX = '/api/v1/cobranca/transactions';
const HOUR = 3_600_000;
const CALLBACK_SECRET = 'd'.repeat(8) + randomBytes(24).toString('hex');
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

/** Every call to the PSP and its answer checked against the Central Bank's API Pix; callbacks registered with it. */
useApiPixApp({ callbackSecret: CALLBACK_SECRET, env: () => ({ APIPIX_RECONCILE_OVERLAP_SECONDS: '86400' }) }, (t) => ({ sim, app, seller } = t));
beforeAll(async () => {
  await inTransaction(app, (tx) => platformOf(app).scheduler.schedule(tx, reconciliationJobsAt(app.clock.now())));
});

const payer = { name: 'Maria Souza', document: '529.982.247-25' };
const create = async (body: Record<string, unknown>) => {
  const res = await rest(app, 'POST', TX, { key: seller.apiKey, body: { customer: payer, ...body }, idempotencyKey: randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; providerReference: string; pix: { copyPaste: string; expiresAt: string } };
};
const get = async (id: string) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data;
const credits = async (transactionId: string) =>
  Number((await sqlOf(app).one<{ n: string }>(`select count(*) as n from ledger_entries where transaction_id = ? and kind = 'PIX_CREDIT'`, [transactionId]))!.n);
const cobvAtPsp = (txid: string) => sim.psp.cobvs.toJson(sim.psp.cobvs.get(txid)!) as Record<string, any>;
const today = () => brasiliaDate(new Date(sim.psp.now()));

/** Pays a cobv at the PSP with its callback dropped: only an expiry check or the reconciliation can learn of it. */
async function payUnnoticed(txid: string, date?: string) {
  await control(sim, 'PUT', '/_control/callbacks', { dropNext: 1 });
  const paid = await control(sim, 'POST', `/_control/cobv/${txid}/pay`, date ? { date } : {});
  expect(paid.status).toBe(201);
  await until(async () => (await control(sim, 'GET', '/_control/callbacks')).body.deliveries.some((d: { body: { pix: { endToEndId: string }[] }; state: string }) => d.state === 'dropped' && d.body.pix[0]?.endToEndId === paid.body.endToEndId), 'the callback to be dropped');
  return paid.body as { endToEndId: string };
}

describe('charges with a due date through a PSP speaking API Pix (cobv)', () => {
  it('are a cobv at the PSP; paid late there, the callback read back makes the charge PAID with the amount the PSP received and its components', async () => {
    const dueDate = addDays(today(), 10);
    const terms: DueDateTerms = { dueDate, validityAfterDueDays: 30, fine: { modality: 'PERCENT', value: 200 }, interest: { modality: 'PERCENT_PER_DAY_CALENDAR_DAYS', value: 100 }, abatement: null, discount: null };
    const t = await create({ amount: 10_000, dueDate, fine: terms.fine, interest: terms.interest, description: 'Mensalidade' });
    const cobv = cobvAtPsp(t.providerReference);
    expect(cobv).toMatchObject({
      status: 'ATIVA',
      calendario: { dataDeVencimento: dueDate, validadeAposVencimento: 30 },
      devedor: { cpf: '52998224725', nome: 'Maria Souza' },
      valor: { original: '100.00', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 2, valorPerc: '1.00' } },
      chave: PIX_KEY,
      solicitacaoPagador: 'Mensalidade',
    });
    expect(t.pix.copyPaste).toBe(cobv.pixCopiaECola);

    const payDate = addDays(dueDate, 5);
    const due = amountDue(terms, 10_000, payDate, new BrazilHolidays());
    if (!due.payable) throw new Error('the test bill must be payable on its pay date');
    const paid = await control(sim, 'POST', `/_control/cobv/${t.providerReference}/pay`, { date: payDate });
    expect(paid.status).toBe(201);
    await until(async () => (await get(t.id)).status === 'PAID', 'the callback to make the charge PAID');
    const after = await get(t.id);
    expect(after).toMatchObject({ amount: due.components.final, end2endId: paid.body.endToEndId });
    expect(after.dueDateCharge.amountComponents).toEqual({ original: 10_000, fine: 200, interest: due.components.interest, abatement: 0, discount: 0 });
    // The PSP's split of what it received is ours.
    expect(paid.body.componentesValor).toEqual({ original: { valor: '100.00' }, multa: { valor: '2.00' }, juros: { valor: (due.components.interest / 100).toFixed(2) } });
    expect(await credits(t.id)).toBe(1);
  });

  it('the reconciliation credits a cobv Pix whose callback was lost', async () => {
    const t = await create({ amount: 4_000, dueDate: addDays(today(), 3) });
    const pix = await payUnnoticed(t.providerReference);
    app.clock.set(new Date(Math.max(app.clock.now().getTime() + 61_000, sim.psp.now() + 1_000)));
    await runDueJobs(app);
    expect([(await get(t.id)).status, (await get(t.id)).end2endId]).toEqual(['PAID', pix.endToEndId]);
    expect(await credits(t.id)).toBe(1);
  });

  it('before expiring, the PSP is asked with GET /cobv: a cobv paid whose callback was lost is credited, an unpaid one expires', async () => {
    const paidOne = await create({ amount: 3_000, dueDate: today(), validityAfterDueDays: 0 });
    const unpaid = await create({ amount: 3_100, dueDate: today(), validityAfterDueDays: 0 });
    await runDueJobs(app);
    // The simulated payer would pay them first.
    await sqlOf(app).query('delete from jobs where key in (?, ?)', [`sandbox-autopay:${paidOne.id}`, `sandbox-autopay:${unpaid.id}`]);
    const pix = await payUnnoticed(paidOne.providerReference);
    app.clock.set(new Date(Math.max(new Date(paidOne.pix.expiresAt).getTime(), endOfBrasiliaDay(today()).getTime()) + 1_000));
    await runDueJobs(app);
    expect([(await get(paidOne.id)).status, (await get(paidOne.id)).end2endId]).toEqual(['PAID', pix.endToEndId]);
    expect(await credits(paidOne.id)).toBe(1);
    expect((await get(unpaid.id)).status).toBe('EXPIRED');
  });

  it('an orphan cobv (no charge of ours names its txid) is removed after the grace; a charge\'s cobv is kept', async () => {
    const t = await create({ amount: 4_200, dueDate: addDays(today(), 3) });
    // A cobv at the PSP that no charge of ours names (a create that failed and was never retried).
    const orphan = 'orphan' + randomBytes(12).toString('hex');
    // Made no earlier than the service's clock, which the expiry test may have moved days ahead
    // (a due date on a weekend lasts to the next business day): the orphan scan reads on from there.
    const madeAt = Math.max(sim.psp.now(), app.clock.now().getTime());
    sim.psp.cobvs.create(orphan, { ...sim.psp.cobvs.current(sim.psp.cobvs.get(t.providerReference)!) }, madeAt);
    app.clock.set(new Date(madeAt + 25 * HOUR + 120_000));
    await runDueJobs(app);
    expect(sim.psp.cobvs.get(orphan)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(sim.psp.cobvs.get(t.providerReference)?.status).not.toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});
