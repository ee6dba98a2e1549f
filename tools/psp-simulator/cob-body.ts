import { z } from 'zod';
import type { CobFields } from './cob-store';
import { invalid, type Violacao } from './problem';

/**
 * The bodies of `PUT /cob/{txid}` (`CobSolicitada`) and `PATCH /cob/{txid}` (`CobRevisada`),
 * with the API Pix's rules: amounts as "123.45" and not zero, expiry above zero, CPF of 11
 * digits, CNPJ of 14 positions, lengths as the spec bounds them.
 */
export const valorOriginal = z.string().regex(/^\d{1,10}\.\d{2}$/, 'não respeita o schema').refine((v) => Number(v) > 0, 'é zero');
const devedor = z.union([
  z.object({ cpf: z.string().regex(/^\d{11}$/, 'não respeita o schema'), nome: z.string().min(1).max(200) }).strict(),
  z.object({ cnpj: z.string().regex(/^[0-9A-Z]{14}$/, 'não respeita o schema'), nome: z.string().min(1).max(200) }).strict(),
]);
export const infoAdicionais = z.array(z.object({ nome: z.string().max(50), valor: z.string().max(200) }).strict()).max(50);
const common = {
  calendario: z.object({ expiracao: z.number().int().positive('é igual ou menor que zero').max(2_147_483_647) }).partial().strict(),
  devedor,
  loc: z.object({ id: z.number().int() }).passthrough(),
  valor: z.object({ original: valorOriginal, modalidadeAlteracao: z.union([z.literal(0), z.literal(1)]).optional() }).strict(),
  chave: z.string().min(1).max(77),
  solicitacaoPagador: z.string().max(140),
  infoAdicionais,
};

const solicitada = z.object({ ...common }).partial({ calendario: true, devedor: true, loc: true, solicitacaoPagador: true, infoAdicionais: true }).strict();
const revisada = z.object({ ...common, status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR') }).partial().strict();

export type CobRevision = z.infer<typeof revisada>;

/** Each issue of a body as an API Pix violation, its property named from `root` (`cob.valor.original`). */
export function violations(error: z.ZodError, body: unknown, root = 'cob'): Violacao[] {
  return error.issues.map((issue) => {
    const propriedade = [root, ...issue.path].join('.');
    let valor: unknown = body;
    for (const key of issue.path) valor = valor && typeof valor === 'object' ? (valor as Record<string | number, unknown>)[key] : undefined;
    return { razao: `O campo ${propriedade} ${issue.message}`, propriedade, ...(valor !== undefined && typeof valor !== 'object' ? { valor: String(valor) } : {}) };
  });
}

/** The fields of a new cob, or a 400 `CobOperacaoInvalida` naming each violation. */
export function parseCobSolicitada(body: unknown): CobFields {
  const r = solicitada.safeParse(body);
  if (!r.success) throw invalid('CobOperacaoInvalida', 'A requisição que busca criar uma cobrança não respeita o schema.', violations(r.error, body));
  if (r.data.loc) throw invalid('CobOperacaoInvalida', 'O location referenciado por cob.loc.id inexiste.', [{ razao: 'O location referenciado por cob.loc.id inexiste.', propriedade: 'cob.loc.id' }]);
  const { calendario, devedor: d, valor, chave, solicitacaoPagador, infoAdicionais } = r.data;
  return { expiracao: calendario?.expiracao ?? 86400, devedor: d, valor, chave, solicitacaoPagador, infoAdicionais };
}

/** A revision's fields, or a 400 `CobOperacaoInvalida`. */
export function parseCobRevisada(body: unknown): CobRevision {
  const r = revisada.safeParse(body);
  if (!r.success) throw invalid('CobOperacaoInvalida', 'A requisição que busca alterar uma cobrança não respeita o schema.', violations(r.error, body));
  if (r.data.loc) throw invalid('CobOperacaoInvalida', 'O location referenciado por cob.loc.id inexiste.', [{ razao: 'O location referenciado por cob.loc.id inexiste.', propriedade: 'cob.loc.id' }]);
  refuseRemovalWithChanges(r.data, 'CobOperacaoInvalida', 'cob');
  return r.data;
}

/** A PATCH that removes the charge may change nothing else (400 of the kind's type otherwise). */
export function refuseRemovalWithChanges(patch: { status?: string }, tipo: string, root: string): void {
  if (!patch.status || Object.keys(patch).length <= 1) return;
  throw invalid(tipo, 'A cobrança não pode ser removida junto com outras alterações.', [
    { razao: 'A presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.', propriedade: `${root}.status` },
  ]);
}

/** The fields after a revision: what the PATCH names replaces what the cob had. */
export function revisedFields(current: CobFields, patch: CobRevision): CobFields {
  return {
    expiracao: patch.calendario?.expiracao ?? current.expiracao,
    devedor: patch.devedor ?? current.devedor,
    valor: patch.valor ?? current.valor,
    chave: patch.chave ?? current.chave,
    solicitacaoPagador: patch.solicitacaoPagador ?? current.solicitacaoPagador,
    infoAdicionais: patch.infoAdicionais ?? current.infoAdicionais,
  };
}
