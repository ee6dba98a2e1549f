import { randomBytes } from 'node:crypto';

/**
 * A payout as the simulator holds it: Efí's "Pix Envio" by its `idEnvio`, or Banco Inter's
 * "Pagamento Pix" by its `codigoSolicitacao` (`psp: 'inter'`, the `descricao` as
 * `infoPagador`), in Efí's status words (Inter's views translate them).
 */
export interface Payout {
  idEnvio: string;
  psp?: 'inter';
  endToEndId: string;
  valor: string;
  /** The paying key (the sender's, with its webhook). */
  chave: string;
  infoPagador?: string;
  favorecido: Record<string, string>;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
  horario: { solicitacao: string; liquidacao?: string };
  erro?: { codigo: string; origem: string; motivo: string };
}

/** What happens to a payout after it was accepted EM_PROCESSAMENTO (the control API sets it). */
export interface PayoutSettings {
  mode: 'auto' | 'manual';
  outcome: 'REALIZADO' | 'NAO_REALIZADO';
  delayMs: number;
  /** The next N accepted payouts are forgotten at once (the PSP lost them: a query finds nothing). */
  loseNext: number;
}

export const normalPayouts = (): PayoutSettings => ({ mode: 'auto', outcome: 'REALIZADO', delayMs: 1000, loseNext: 0 });

/** An end-to-end id as the payer's PSP (Efí's ISPB 09089356) forms it: E + ISPB + yyyyMMddHHmm + 11 characters. */
export function payoutEndToEndId(now: number): string {
  const d = new Date(now).toISOString();
  const stamp = d.slice(0, 4) + d.slice(5, 7) + d.slice(8, 10) + d.slice(11, 13) + d.slice(14, 16);
  return `E09089356${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

/** Payouts by idEnvio, and how many sends (PUTs) each identifier received. */
export class PayoutStore {
  private readonly byId = new Map<string, Payout>();
  private readonly sends = new Map<string, number>();
  /** Payouts accepted (created), lost ones included. */
  created = 0;

  get(idEnvio: string): Payout | undefined {
    return this.byId.get(idEnvio);
  }

  add(p: Payout): void {
    this.byId.set(p.idEnvio, p);
    this.created += 1;
  }

  forget(idEnvio: string): void {
    this.byId.delete(idEnvio);
  }

  countSend(idEnvio: string): void {
    this.sends.set(idEnvio, (this.sends.get(idEnvio) ?? 0) + 1);
  }

  list(): Array<Payout & { sends: number }> {
    return [...this.byId.values()].map((p) => ({ ...p, sends: this.sends.get(p.idEnvio) ?? 0 }));
  }

  sendsOf(idEnvio: string): number {
    return this.sends.get(idEnvio) ?? 0;
  }

  reset(): void {
    this.byId.clear();
    this.sends.clear();
    this.created = 0;
  }

  /** The answer of the PUT and of the GET by idEnvio (Efí's field names). */
  toJson(p: Payout): Record<string, unknown> {
    return {
      endToEndId: p.endToEndId,
      idEnvio: p.idEnvio,
      valor: p.valor,
      chave: p.chave,
      status: p.status,
      ...(p.infoPagador ? { infoPagador: p.infoPagador } : {}),
      horario: { ...p.horario },
      favorecido: { ...p.favorecido },
      ...(p.erro ? { gnExtras: { erro: { ...p.erro } } } : {}),
    };
  }

  /** One item of the webhook on the paying key (`tipo: SOLICITACAO`). */
  toWebhookItem(p: Payout): Record<string, unknown> {
    return {
      endToEndId: p.endToEndId,
      chave: p.chave,
      tipo: 'SOLICITACAO',
      status: p.status,
      valor: p.valor,
      horario: p.status === 'NAO_REALIZADO' ? null : (p.horario.liquidacao ?? p.horario.solicitacao),
      ...(p.infoPagador ? { infoPagador: p.infoPagador } : {}),
      gnExtras: { idEnvio: p.idEnvio, ...(p.erro ? { erro: { ...p.erro } } : {}) },
    };
  }
}
