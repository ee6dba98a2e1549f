import { z } from 'zod';
import { isCivilDate } from '../../src/domain/due-date/civil-dates';
import { infoAdicionais, refuseRemovalWithChanges, valorOriginal, violations } from './cob-body';
import type { CobvFields } from './cobv-store';
import { invalid } from './problem';

/**
 * The bodies of `PUT /cobv/{txid}` (`CobVSolicitada`) and `PATCH /cobv/{txid}`
 * (`CobVRevisada`), with the API Pix's rules: a due date that is a calendar date, the payer
 * required (a CPF or a CNPJ with a name), the modalities in their ranges, a dated discount
 * with one to three dates and any other discount with its `valorPerc`.
 */
const amount = z.string().regex(/^\d{1,10}\.\d{2}$/, 'não respeita o schema');
const date = z.string().refine(isCivilDate, 'não é uma data válida');
const term = (max: number) => z.object({ modalidade: z.number().int().min(1).max(max), valorPerc: amount }).strict();
const endereco = { logradouro: z.string().max(200).optional(), cidade: z.string().max(200).optional(), uf: z.string().max(2).optional(), cep: z.string().max(8).optional(), email: z.string().optional() };
const devedor = z.union([
  z.object({ cpf: z.string().regex(/^\d{11}$/, 'não respeita o schema'), nome: z.string().min(1).max(200), ...endereco }).strict(),
  z.object({ cnpj: z.string().regex(/^[0-9A-Z]{14}$/, 'não respeita o schema'), nome: z.string().min(1).max(200), ...endereco }).strict(),
]);
const desconto = z
  .object({
    modalidade: z.number().int().min(1).max(6),
    valorPerc: amount.optional(),
    descontoDataFixa: z.array(z.object({ data: date, valorPerc: amount }).strict()).min(1).max(3).optional(),
  })
  .strict()
  .refine((d) => (d.modalidade <= 2 ? d.descontoDataFixa !== undefined && d.valorPerc === undefined : d.valorPerc !== undefined && d.descontoDataFixa === undefined), {
    message: 'não respeita o schema: as modalidades 1 e 2 pedem descontoDataFixa, as demais valorPerc',
  });
const valor = z.object({ original: valorOriginal, multa: term(2), juros: term(8), abatimento: term(2), desconto }).partial({ multa: true, juros: true, abatimento: true, desconto: true }).strict();
const calendario = z.object({ dataDeVencimento: date, validadeAposVencimento: z.number().int().min(0).max(2_147_483_647).optional() }).strict();

const solicitada = z
  .object({ calendario, devedor, loc: z.object({ id: z.number().int() }).passthrough(), valor, chave: z.string().min(1).max(77), solicitacaoPagador: z.string().max(140), infoAdicionais })
  .partial({ loc: true, solicitacaoPagador: true, infoAdicionais: true })
  .strict();
const revisada = z
  .object({
    calendario,
    devedor,
    loc: z.object({ id: z.number().int() }).passthrough(),
    status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR'),
    valor: valor.partial(),
    chave: z.string().min(1).max(77),
    solicitacaoPagador: z.string().max(140),
    infoAdicionais,
  })
  .partial()
  .strict();

export type CobvRevision = z.infer<typeof revisada>;

const noLocation = () =>
  invalid('CobVOperacaoInvalida', 'O location referenciado por cobv.loc.id inexiste.', [{ razao: 'O location referenciado por cobv.loc.id inexiste.', propriedade: 'cobv.loc.id' }]);
const schemaProblem = (error: z.ZodError, body: unknown) =>
  invalid('CobVOperacaoInvalida', 'A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o schema ou está semanticamente errada.', violations(error, body, 'cobv'));

/** The fields of a new cobv, or a 400 `CobVOperacaoInvalida` naming each violation. */
export function parseCobVSolicitada(body: unknown): CobvFields {
  const r = solicitada.safeParse(body);
  if (!r.success) throw schemaProblem(r.error, body);
  if (r.data.loc) throw noLocation();
  const { calendario: c, devedor: d, valor: v, chave, solicitacaoPagador, infoAdicionais: info } = r.data;
  return { dataDeVencimento: c.dataDeVencimento, validadeAposVencimento: c.validadeAposVencimento ?? 30, devedor: d, valor: v, chave, solicitacaoPagador, infoAdicionais: info };
}

/** A revision's fields, or a 400 `CobVOperacaoInvalida`. */
export function parseCobVRevisada(body: unknown): CobvRevision {
  const r = revisada.safeParse(body);
  if (!r.success) throw schemaProblem(r.error, body);
  if (r.data.loc) throw noLocation();
  refuseRemovalWithChanges(r.data, 'CobVOperacaoInvalida', 'cobv');
  return r.data;
}

/** The fields after a revision: what the PATCH names replaces what the cobv had (`valor` member by member). */
export function revisedCobvFields(current: CobvFields, patch: CobvRevision): CobvFields {
  return {
    dataDeVencimento: patch.calendario?.dataDeVencimento ?? current.dataDeVencimento,
    validadeAposVencimento: patch.calendario?.validadeAposVencimento ?? current.validadeAposVencimento,
    devedor: patch.devedor ?? current.devedor,
    valor: { ...current.valor, ...patch.valor },
    chave: patch.chave ?? current.chave,
    solicitacaoPagador: patch.solicitacaoPagador ?? current.solicitacaoPagador,
    infoAdicionais: patch.infoAdicionais ?? current.infoAdicionais,
  };
}
