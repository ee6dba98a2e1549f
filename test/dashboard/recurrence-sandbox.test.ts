import { describe, expect, it } from 'vitest';
import { createRecurrence } from '../support/recurrences';
import { rest } from '../support/rest';
import { screenshots, seriousViolations, statusOf, textOf, visible } from './browser';
import { useSignedInDashboard } from './signed-in-dashboard';

/** The civil day `days` from now in Brasília (UTC-3). */
const brasiliaDay = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The sandbox's payer's side on a recurrence's page, in headless Chromium: the seller plays
 * the payer (authorises), moves the recurrence's clock to its first cycle, has the payer's
 * bank pay it, fails the next one's attempt, and cancels as the payer; each click through
 * the same commands as the REST sandbox routes, the page showing where things stand.
 */
describe('the recurrence page in the sandbox: the payer one click away', () => {
  const d = useSignedInDashboard();

  it('authorises as the payer, moves to the first cycle and pays it, fails the next, then cancels as the payer', async () => {
    const { app, seller, page } = d;
    const id = await createRecurrence(app, seller.apiKey, {
      contract: { number: 'ACAD-2027-7', object: 'Academia', payer: { name: 'João Pereira', document: '52998224725' } },
      calendar: { firstDate: brasiliaDay(40), period: 'MONTHLY' },
      amount: 8_990,
    });
    const stored = async () => (await rest(app, 'GET', `/api/v1/cobranca/recurrences/${id}`, { key: seller.apiKey })).body.data;
    const cycles = async () => (await rest(app, 'GET', `/api/v1/cobranca/recurrences/${id}/cycles`, { key: seller.apiKey })).body.data.items;

    await page.goto(`${app.url}/dashboard/#/recurrences/${id}`);
    await page.reload();
    const facts = page.getByTestId('recurrence-facts');
    await statusOf(facts).toBe('CREATED');
    const panel = page.getByTestId('recurrence-sandbox');
    await visible(page.getByRole('heading', { level: 2, name: 'Simular o pagador (sandbox)' }));
    // Before the payer answers there is no cycle to pay, nor a clock to move.
    expect(await panel.getByRole('button', { name: 'Pagar o ciclo', exact: false }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Avançar para o próximo ciclo' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Autorizar como pagador' }).click();
    await statusOf(facts).toBe('APPROVED');
    await visible(page.getByText('O pagador autorizou a recorrência.'));
    expect(await stored()).toMatchObject({ status: 'APPROVED', approvedAt: expect.any(String) });
    expect(await panel.getByRole('button', { name: 'Recusar como pagador' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Avançar para o próximo ciclo' }).click();
    const first = page.locator('tr[data-cycle="1"]');
    await statusOf(first).toBe('ACTIVE');
    await panel.getByRole('button', { name: 'Pagar o ciclo 1' }).click();
    await statusOf(first).toBe('PAID');
    await textOf(first.locator('.badge')).toBe('Pago');
    const [paid] = await cycles();
    expect(paid).toMatchObject({ number: 1, status: 'PAID', attempts: 1, amount: 8_990 });
    const charge = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${paid.transactionId}`, { key: seller.apiKey })).body.data;
    expect(charge).toMatchObject({ status: 'PAID', amount: 8_990, metadata: { recurrenceId: id, recurrenceCycle: 1 } });
    // Paid, cycle 1 is no longer the current one: no button acts on it.
    expect(await panel.getByRole('button', { name: 'Pagar o ciclo 1' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Avançar para o próximo ciclo' }).click();
    const second = page.locator('tr[data-cycle="2"]');
    await statusOf(second).toBe('ACTIVE');
    await panel.getByRole('button', { name: 'Falhar o ciclo 2' }).click();
    await textOf(second).toMatch('nova tentativa em');
    expect((await cycles())[1]).toMatchObject({ number: 2, status: 'ACTIVE', attempts: 1, nextAttemptOn: expect.any(String) });

    expect(await seriousViolations(page)).toEqual([]);
    const shown = (await page.evaluate('document.body.innerText')) as string;
    expect(shown.match(/\b(CREATED|APPROVED|ACTIVE|PAID|FAILED|SANDBOX_ONLY)\b/g)).toBeNull();
    expect(await screenshots(page, '28-recurrence-sandbox')).toEqual([]);

    await panel.getByRole('button', { name: 'Cancelar como pagador' }).click();
    await statusOf(facts).toBe('CANCELLED');
    await textOf(facts).toMatch('Pagador');
    expect(await stored()).toMatchObject({ status: 'CANCELLED', endedBy: 'PAYER' });
    expect(await panel.getByRole('button').count()).toBe(0);

    expect(d.foreignRequests).toEqual([]);
    expect(d.pageErrors).toEqual([]);
  });
});
