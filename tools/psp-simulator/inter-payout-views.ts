import { centsOf } from './amount';
import type { Payout } from './payout-store';

/**
 * How Banco Inter's API Banking shows a payout (developers.inter.co, "Pix Pagamento",
 * "Extrato", "Webhook"): the simulator keeps Efí's status words and translates them here.
 */
const STATUS = { EM_PROCESSAMENTO: 'DEBITADO', REALIZADO: 'PAGO', NAO_REALIZADO: 'FALHA' } as const;
const CALLBACK_STATUS = { EM_PROCESSAMENTO: null, REALIZADO: 'EFETIVADO', NAO_REALIZADO: 'ERRO' } as const;

/** Inter's account of the simulated platform, and what a recipient looks like there (a CPF is masked). */
const ACCOUNT = '12345678';
const RECEBEDOR = { nome: 'Recebedor Simulado', cpfCnpj: '***.456.789-**' };

/** A civil date (and time) in Brasília, as Inter writes them. */
export const brasilia = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
export const brasiliaDay = (iso: string) => brasilia(iso).slice(0, 10);

const erros = (p: Payout) => (p.erro ? [{ codigoErro: p.erro.codigo, descricaoErro: p.erro.motivo, codigoErroComplementar: p.erro.origem }] : []);

/** The answer of `GET /banking/v2/pix/{codigoSolicitacao}`. */
export function interPixJson(p: Payout): Record<string, unknown> {
  const historico = [{ status: 'CRIADO', dataHoraEvento: p.horario.solicitacao }, { status: 'DEBITADO', dataHoraEvento: p.horario.solicitacao }];
  if (p.status !== 'EM_PROCESSAMENTO') historico.push({ status: STATUS[p.status], dataHoraEvento: p.horario.liquidacao ?? p.horario.solicitacao });
  return {
    transacaoPix: {
      contaCorrente: ACCOUNT,
      recebedor: RECEBEDOR,
      erros: erros(p),
      endToEnd: p.endToEndId,
      valor: centsOf(p.valor)! / 100,
      status: STATUS[p.status],
      ...(p.status !== 'EM_PROCESSAMENTO' ? { dataHoraMovimento: p.horario.liquidacao ?? p.horario.solicitacao } : {}),
      dataHoraSolicitacao: p.horario.solicitacao,
      chave: p.favorecido.chave,
      codigoSolicitacao: p.idEnvio,
    },
    historico,
  };
}

/** One item of the `pix-pagamento` webhook, sent when the payout reaches its outcome. */
export function interCallbackItem(p: Payout): Record<string, unknown> {
  return {
    codigoSolicitacao: p.idEnvio,
    chave: p.favorecido.chave,
    dataHoraMovimento: p.horario.liquidacao ?? p.horario.solicitacao,
    dataHoraSolicitacao: p.horario.solicitacao,
    ...(p.infoPagador ? { descricaoPagamento: p.infoPagador } : {}),
    endToEnd: p.endToEndId,
    recebedor: RECEBEDOR,
    erros: erros(p),
    status: CALLBACK_STATUS[p.status],
    tipoMovimentacao: 'PAGAMENTO',
    valor: p.valor,
  };
}

/** What the enriched statement lists for a payout: its Pix debit, and the reversal of one that failed. */
export function interStatementEntries(p: Payout): Array<{ at: string; entry: Record<string, unknown> }> {
  const detalhes = {
    tipoDetalhe: 'COMPLETE',
    ...(p.infoPagador ? { descricaoPix: p.infoPagador } : {}),
    endToEndId: p.endToEndId,
    chavePixRecebedor: p.favorecido.chave,
    nomeRecebedor: RECEBEDOR.nome,
    origemMovimentacao: 'CHAVE',
    codigoSolicitacao: p.idEnvio,
  };
  const day = brasiliaDay(p.horario.solicitacao);
  const debit = { idTransacao: `D${p.idEnvio}`, dataInclusao: day, dataTransacao: day, tipoTransacao: 'PIX', tipoOperacao: 'D', valor: p.valor, titulo: 'Pix enviado', descricao: `PIX ENVIADO - ${RECEBEDOR.nome}`, detalhes };
  const entries = [{ at: p.horario.solicitacao, entry: debit }];
  if (p.status === 'NAO_REALIZADO') {
    const at = p.horario.liquidacao ?? p.horario.solicitacao;
    entries.push({ at, entry: { idTransacao: `E${p.idEnvio}`, dataInclusao: brasiliaDay(at), dataTransacao: brasiliaDay(at), tipoTransacao: 'ESTORNO', tipoOperacao: 'C', valor: p.valor, titulo: 'Estorno Pix', descricao: 'ESTORNO PIX ENVIADO', detalhes } });
  }
  return entries;
}
