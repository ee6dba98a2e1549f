import { z } from 'zod';
import { isCivilDate } from '../../src/domain/due-date/civil-dates';
import { valorOriginal, violations } from './cob-body';
import { invalid } from './problem';
import type { RecFields } from './rec-store';

/**
 * The bodies of `POST /rec` (`RecSolicitada`), `PATCH /rec/{idRec}` (`RecRevisada`),
 * `POST /solicrec` (`SolicRecSolicitada`) and `PATCH /solicrec/{idSolicRec}`
 * (`SolicRecRevisada`), as the schemas bound them; a 400 of the resource's
 * `…OperacaoInvalida` naming each violation otherwise. The rules that need the PSP's state
 * (dates against today, locations in use) are the routes'.
 */
const date = z.string().refine(isCivilDate, 'não é uma data válida');
const txid = z.string().regex(/^[a-zA-Z0-9]{26,35}$/, 'não respeita o schema');
const devedor = z.union([
  z.object({ cpf: z.string().regex(/^\d{11}$/, 'não respeita o schema'), nome: z.string().min(1).max(140) }).strict(),
  z.object({ cnpj: z.string().regex(/^[0-9A-Z]{14}$/, 'não respeita o schema'), nome: z.string().min(1).max(140) }).strict(),
]);
const ativacao = z.object({ dadosJornada: z.object({ txid }).strict().optional() }).strict();

const recSolicitada = z
  .object({
    vinculo: z.object({ objeto: z.string().max(35).optional(), contrato: z.string().min(1).max(35), devedor }).strict(),
    calendario: z.object({ dataInicial: date, dataFinal: date.optional(), periodicidade: z.enum(['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']) }).strict(),
    valor: z.object({ valorRec: valorOriginal.optional(), valorMinimoRecebedor: valorOriginal.optional() }).strict().optional(),
    recebedor: z.object({ convenio: z.string().max(60).optional() }).strict().optional(),
    politicaRetentativa: z.enum(['NAO_PERMITE', 'PERMITE_3R_7D']),
    loc: z.number().int().optional(),
    ativacao: ativacao.optional(),
  })
  .strict();

const recRevisada = z
  .object({
    status: z.literal('CANCELADA'),
    vinculo: z.object({ devedor: z.object({ nome: z.string().min(1).max(140) }).strict() }).partial().strict(),
    loc: z.number().int(),
    calendario: z.object({ dataInicial: date }).partial().strict(),
    ativacao,
  })
  .partial()
  .strict();

export type RecRevision = z.infer<typeof recRevisada>;

const recProblem = (error: z.ZodError, body: unknown) =>
  invalid('RecOperacaoInvalida', 'A requisição que busca alterar ou criar uma recorrência não respeita o schema ou está semanticamente errada.', violations(error, body, 'rec'));

/** A new recurrence's fields and the location it names, or a 400 `RecOperacaoInvalida`. */
export function parseRecSolicitada(body: unknown): { fields: RecFields; loc?: number } {
  const r = recSolicitada.safeParse(body);
  if (!r.success) throw recProblem(r.error, body);
  const { vinculo, calendario, valor, recebedor, politicaRetentativa, loc, ativacao: a } = r.data;
  if (valor?.valorRec !== undefined && valor.valorMinimoRecebedor !== undefined) {
    throw invalid('RecOperacaoInvalida', 'Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.', [
      { razao: 'Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.', propriedade: 'rec.valor' },
    ]);
  }
  if (calendario.dataFinal !== undefined && calendario.dataFinal < calendario.dataInicial) {
    throw invalid('RecOperacaoInvalida', 'O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.', [
      { razao: 'O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.', propriedade: 'rec.calendario.dataFinal', valor: calendario.dataFinal },
    ]);
  }
  const fields: RecFields = {
    vinculo,
    calendario,
    ...(valor && Object.keys(valor).length > 0 ? { valor } : {}),
    ...(recebedor?.convenio !== undefined ? { convenio: recebedor.convenio } : {}),
    politicaRetentativa,
    ...(a?.dadosJornada ? { txidJornada: a.dadosJornada.txid } : {}),
  };
  return { fields, ...(loc !== undefined ? { loc } : {}) };
}

export function parseRecRevisada(body: unknown): RecRevision {
  const r = recRevisada.safeParse(body);
  if (!r.success) throw recProblem(r.error, body);
  return r.data;
}

const destinatario = z.union([
  z.object({ conta: z.string().min(1).max(20), ispbParticipante: z.string().regex(/^[0-9A-Z]{8}$/), agencia: z.string().max(4).optional(), cpf: z.string().regex(/^\d{11}$/, 'não respeita o schema') }).strict(),
  z.object({ conta: z.string().min(1).max(20), ispbParticipante: z.string().regex(/^[0-9A-Z]{8}$/), agencia: z.string().max(4).optional(), cnpj: z.string().regex(/^[0-9A-Z]{14}$/, 'não respeita o schema') }).strict(),
]);
const solicRecSolicitada = z
  .object({
    idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/, 'não respeita o schema'),
    calendario: z.object({ dataExpiracaoSolicitacao: z.string().datetime({ offset: true }) }).strict(),
    destinatario,
  })
  .strict();
const solicRecRevisada = z.object({ status: z.literal('CANCELADA') }).strict();

const solicProblem = (error: z.ZodError, body: unknown) =>
  invalid('SolicRecOperacaoInvalida', 'A requisição que busca criar ou alterar uma solicitação de confirmação de recorrência não respeita o schema.', violations(error, body, 'solicrec'));

export function parseSolicRecSolicitada(body: unknown): z.infer<typeof solicRecSolicitada> {
  const r = solicRecSolicitada.safeParse(body);
  if (!r.success) throw solicProblem(r.error, body);
  return r.data;
}

export function parseSolicRecRevisada(body: unknown): z.infer<typeof solicRecRevisada> {
  const r = solicRecRevisada.safeParse(body);
  if (!r.success) throw solicProblem(r.error, body);
  return r.data;
}
