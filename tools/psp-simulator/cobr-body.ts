import { z } from 'zod';
import { isCivilDate } from '../../src/domain/due-date/civil-dates';
import { valorOriginal, violations } from './cob-body';
import type { CobRFields } from './cobr-store';
import { invalid } from './problem';

/**
 * The bodies of `PUT /cobr/{txid}` and `POST /cobr` (`CobRSolicitada`) and of
 * `PATCH /cobr/{txid}` (`CobRRevisada`: only `status: CANCELADA`), as the schemas bound
 * them; a 400 `CobROperacaoInvalida` naming each violation otherwise.
 */
const solicitada = z
  .object({
    idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/, 'não respeita o schema'),
    infoAdicional: z.string().max(140).optional(),
    calendario: z.object({ dataDeVencimento: z.string().refine(isCivilDate, 'não é uma data válida') }).strict(),
    valor: z.object({ original: valorOriginal }).strict(),
    ajusteDiaUtil: z.boolean(),
    devedor: z
      .object({ email: z.string(), logradouro: z.string().max(200), cidade: z.string().max(200), uf: z.string().max(2), cep: z.string().max(8) })
      .partial()
      .strict()
      .optional(),
    recebedor: z.object({ conta: z.string().min(1).max(20), tipoConta: z.enum(['CORRENTE', 'POUPANCA', 'PAGAMENTO']), agencia: z.string().max(4).optional() }).strict(),
  })
  .strict();
const revisada = z.object({ status: z.literal('CANCELADA') }).strict();

const problem = (error: z.ZodError, body: unknown) =>
  invalid('CobROperacaoInvalida', 'A requisição que busca alterar ou criar uma cobrança recorrente não respeita o schema ou está semanticamente errada.', violations(error, body, 'cobr'));

export function parseCobRSolicitada(body: unknown): CobRFields {
  const r = solicitada.safeParse(body);
  if (!r.success) throw problem(r.error, body);
  const { calendario, devedor, ...rest } = r.data;
  return { ...rest, dataDeVencimento: calendario.dataDeVencimento, ...(devedor && Object.keys(devedor).length > 0 ? { devedor } : {}) };
}

export function parseCobRRevisada(body: unknown): z.infer<typeof revisada> {
  const r = revisada.safeParse(body);
  if (!r.success) throw problem(r.error, body);
  return r.data;
}
