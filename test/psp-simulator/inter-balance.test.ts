import { describe, expect, it } from 'vitest';
import { apiPix, control, simulatorWithReceiver, tokenFor } from '../support/psp-simulator';

/** Banco Inter's balance in the simulator: what the control API sets, drawn on by its payouts. */
describe("PSP simulator: Inter's balance (GET /banking/v2/saldo)", () => {
  const t = simulatorWithReceiver('recebedor@example.com');

  const saldo = () => apiPix(t.sim, t.token, 'GET', '/banking/v2/saldo');
  const pay = (valor: number) => apiPix(t.sim, t.token, 'POST', '/banking/v2/pix', { valor, descricao: 'Wsim1', destinatario: { tipo: 'CHAVE', chave: 'recebedor@example.com' } });

  it("answers Inter's fields; an accepted payment takes its amount; one above the balance is refused", async () => {
    await control(t.sim, 'PUT', '/balance', { saldo: '100.50' });
    expect(await saldo()).toMatchObject({ status: 200, body: { bloqueadoCheque: 0, disponivel: 100.5, bloqueadoJudicialmente: 0, bloqueadoAdministrativo: 0, limite: 0 } });
    expect((await pay(40.25)).status).toBe(200);
    expect((await saldo()).body.disponivel).toBe(60.25);
    const refused = await pay(60.26);
    expect(refused).toMatchObject({ status: 400, body: { title: 'Saldo insuficiente' } });
    expect((await saldo()).body.disponivel).toBe(60.25);
  });

  it('only today: another dataSaldo is a 400; the scope extrato.read is needed', async () => {
    expect((await apiPix(t.sim, t.token, 'GET', '/banking/v2/saldo?dataSaldo=2020-01-01')).status).toBe(400);
    const other = await tokenFor(t.sim, 'pagamento-pix.read');
    expect((await apiPix(t.sim, other, 'GET', '/banking/v2/saldo')).status).toBe(403);
  });
});
