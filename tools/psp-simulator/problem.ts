import type { Response } from 'express';

/** One violation of an API Pix error body. */
export interface Violacao {
  razao: string;
  propriedade?: string;
  valor?: string;
}

/** An error of the API Pix (RFC 7807): `type` is `https://pix.bcb.gov.br/api/v2/error/<Tipo>`. */
export class PixProblem extends Error {
  constructor(
    readonly status: number,
    readonly tipo: string,
    readonly title: string,
    readonly detail?: string,
    readonly violacoes?: Violacao[],
  ) {
    super(`${status} ${tipo}: ${detail ?? title}`);
  }
}

const TYPE_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

export function sendProblem(res: Response, p: PixProblem, correlationId: string): void {
  // RFC 7807's `about:blank` is for a status without a more specific type (401 has none in the API Pix).
  const type = p.tipo === 'about:blank' ? p.tipo : TYPE_BASE + p.tipo;
  const body: Record<string, unknown> = { type, title: p.title, status: p.status };
  if (p.detail) body.detail = p.detail;
  body.correlationId = correlationId;
  if (p.violacoes && p.violacoes.length > 0) body.violacoes = p.violacoes;
  res.status(p.status).type('application/problem+json').send(JSON.stringify(body));
}

export const invalid = (tipo: string, detail: string, violacoes: Violacao[] = []) =>
  new PixProblem(400, tipo, 'Requisição inválida.', detail, violacoes);

/** A 400 of one violation, its reason also the detail. */
export const invalidAt = (tipo: string, razao: string, propriedade: string, valor?: string) => invalid(tipo, razao, [{ razao, propriedade, ...(valor !== undefined ? { valor } : {}) }]);

export const notFound = (tipo: string, detail: string) => new PixProblem(404, tipo, 'Não encontrado.', detail);
