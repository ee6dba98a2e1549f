import { describe, expect, it } from 'vitest';
import { recurrenceLocationPayload } from './recurrence-location-payload';
import type { Recurrence } from './recurrence.types';

const at = (iso: string) => new Date(iso);
const base: Recurrence = {
  id: 'r1',
  sellerId: 's1',
  recId: 'RN1234567820240115778254456AB',
  status: 'CREATED',
  journey: 'QR',
  contract: { object: 'Streaming de música', number: '5582610', payer: { name: 'Fulano de Tal', document: '45164632481', documentType: 'CPF' } },
  calendar: { firstDate: '2024-04-01', lastDate: '2025-04-01', period: 'MONTHLY' },
  amount: { type: 'FIXED', cents: 3_500 },
  retryPolicy: 'NONE',
  locationId: 'rec1',
  brCode: '…',
  pushRequestStatus: null,
  firstPaymentTransactionId: null,
  authorisationExpiresAt: at('2024-03-27T10:12:07.567Z'),
  end: null,
  nextCycleAmount: null,
  sandboxClockDays: 0,
  createdAt: at('2024-03-20T10:12:07.567Z'),
  updatedAt: at('2024-03-20T10:12:07.567Z'),
  approvedAt: null,
};
const receiver = { name: 'Startup Musical', documentType: 'CNPJ' as const, document: '28765007802371', ispb: '12345678' };

describe('the payload at a recurrence location (RecPayload)', () => {
  it("is the spec's example for a fixed monthly recurrence awaiting the payer", () => {
    expect(recurrenceLocationPayload(base, receiver)).toEqual({
      idRec: 'RN1234567820240115778254456AB',
      vinculo: { contrato: '5582610', devedor: { cpf: '45164632481', nome: 'Fulano de Tal' }, objeto: 'Streaming de música' },
      calendario: { dataFinal: '2025-04-01', dataInicial: '2024-04-01', periodicidade: 'MENSAL' },
      politicaRetentativa: 'NAO_PERMITE',
      valor: { valorRec: '35.00' },
      recebedor: { cnpj: '28765007802371', nome: 'Startup Musical', ispbParticipante: '12345678' },
      atualizacao: [{ status: 'CRIADA', data: '2024-03-20T10:12:07.567Z' }],
    });
  });

  it('a variable amount shows the minimum (or no valor at all), the policy with retries, no last date', () => {
    const p = recurrenceLocationPayload({ ...base, amount: { type: 'VARIABLE', minimumCents: 1_000 }, retryPolicy: 'THREE_IN_SEVEN_DAYS', calendar: { ...base.calendar, lastDate: null } }, receiver);
    expect(p).toMatchObject({ valor: { valorMinimoRecebedor: '10.00' }, politicaRetentativa: 'PERMITE_3R_7D' });
    expect(p.calendario).toEqual({ dataInicial: '2024-04-01', periodicidade: 'MENSAL' });
    expect(recurrenceLocationPayload({ ...base, amount: { type: 'VARIABLE', minimumCents: null } }, receiver).valor).toBeUndefined();
  });

  it('carries the status history: approved, then cancelled when it ended', () => {
    const ended = { ...base, status: 'CANCELLED' as const, approvedAt: at('2024-03-21T09:00:00.000Z'), updatedAt: at('2024-05-02T12:00:00.000Z'), end: { by: 'SELLER' as const, reason: null } };
    expect(recurrenceLocationPayload(ended, receiver).atualizacao).toEqual([
      { status: 'CRIADA', data: '2024-03-20T10:12:07.567Z' },
      { status: 'APROVADA', data: '2024-03-21T09:00:00.000Z' },
      { status: 'CANCELADA', data: '2024-05-02T12:00:00.000Z' },
    ]);
    const rejected = { ...base, status: 'REJECTED' as const, updatedAt: at('2024-03-22T00:00:00.000Z') };
    expect(recurrenceLocationPayload(rejected, receiver).atualizacao).toEqual([
      { status: 'CRIADA', data: '2024-03-20T10:12:07.567Z' },
      { status: 'REJEITADA', data: '2024-03-22T00:00:00.000Z' },
    ]);
  });
});
