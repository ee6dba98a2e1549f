import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { isCivilDate } from '../../../src/domain/due-date/civil-dates';
import { centsOf, reaisOf } from '../amount';
import type { Charge, ChargeStore } from '../charge-store';
import type { Psp } from '../psp';
import { pathParam } from './query';

/** A control API refusal: `{ error }` with a 4xx status. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const valor = z.string().regex(/^\d{1,10}\.\d{2}$/, 'valor is reais with two decimals, like "12.50"');
const documento = z.union([z.object({ cpf: z.string().regex(/^\d{11}$/) }), z.object({ cnpj: z.string().regex(/^[0-9A-Z]{14}$/) })]);

const payBody = z.object({ valor: valor.optional(), late: z.boolean().optional(), again: z.boolean().optional(), infoPagador: z.string().max(140).optional(), pagador: documento.optional() }).strict();
const payCobvBody = z
  .object({
    /** The day the payer pays on (Brasília), priced by the cobv's terms; today by default. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    /** Another amount than the terms ask (a payer's bank that priced it otherwise). */
    valor: valor.optional(),
    again: z.boolean().optional(),
    infoPagador: z.string().max(140).optional(),
    pagador: documento.optional(),
  })
  .strict();
const receiveBody = z.object({ valor, chave: z.string().min(1).max(77), txid: z.string().regex(/^[a-zA-Z0-9]{1,35}$/).optional() }).strict();
const medBody = z.object({ natureza: z.enum(['MED_OPERACIONAL', 'MED_FRAUDE', 'MED_PIX_AUTOMATICO']), valor: valor.optional(), id: z.string().regex(/^[a-zA-Z0-9]{1,35}$/).optional() }).strict();
const settleBody = z.object({ status: z.enum(['DEVOLVIDO', 'NAO_REALIZADO']), motivo: z.string().max(140).optional() }).strict();
const refundsBody = z.object({ mode: z.enum(['auto', 'manual']).optional(), outcome: z.enum(['DEVOLVIDO', 'NAO_REALIZADO']).optional(), delayMs: z.number().int().min(0).optional() }).strict();
const callbacksBody = z
  .object({
    dropNext: z.number().int().min(-1).optional(),
    delayMs: z.number().int().min(0).optional(),
    duplicate: z.boolean().optional(),
    hold: z.boolean().optional(),
    retryDelaysMs: z.array(z.number().int().min(0)).max(20).optional(),
  })
  .strict();
const releaseBody = z.object({ order: z.enum(['fifo', 'reverse', 'batch']).default('fifo') }).strict();
const faultsBody = z
  .object({
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    answerDelayMs: z.number().int().min(0).max(600_000).optional(),
    failNext: z.number().int().min(-1).optional(),
    failStatus: z.union([z.literal(500), z.literal(503), z.literal(504)]).optional(),
    pathPattern: z.string().nullable().optional(),
    tokenEndpointDown: z.boolean().optional(),
  })
  .strict();
const payoutsBody = z
  .object({ mode: z.enum(['auto', 'manual']).optional(), outcome: z.enum(['REALIZADO', 'NAO_REALIZADO']).optional(), delayMs: z.number().int().min(0).optional(), loseNext: z.number().int().min(0).optional() })
  .strict();
/** `horario`: the instant of the outcome (the liquidação of a REALIZADO), when the caller's clock is not the simulator's. */
const settlePayoutBody = z.object({ status: z.enum(['REALIZADO', 'NAO_REALIZADO']), motivo: z.string().max(140).optional(), horario: z.string().datetime({ offset: true }).optional() }).strict();
const balanceBody = z.object({ saldo: valor }).strict();
const autoPayBody = z.object({ enabled: z.boolean(), delayMs: z.number().int().min(0).default(0) }).strict();
const tokensBody = z.object({ ttlSeconds: z.number().int().min(1).optional(), expireAll: z.boolean().optional() }).strict();
const clockBody = z.object({ advanceSeconds: z.number().min(0) }).strict();
const seedBody = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    count: z.number().int().min(1).max(5_000_000),
    chave: z.string().min(1).max(77).default('simulador@pixpay.example'),
    withTxid: z.boolean().default(true),
    /** The day is a civil day at this offset (Brasília's by default). */
    utcOffset: z.string().regex(/^[+-]\d{2}:\d{2}$/).default('-03:00'),
  })
  .strict();

/** The control call's body by `schema`, or a 400 naming each issue. */
export function parse<T extends z.ZodTypeAny>(schema: T, req: Request): z.infer<T> {
  const r = schema.safeParse(req.body ?? {});
  if (!r.success) throw new ControlError(400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return r.data;
}

/**
 * The control API (`/_control/…`): tests and people act as the payer and as the PSP. Not
 * part of the API Pix; see docs/operate/psp-simulator.md.
 */
export function controlRoutes(psp: Psp): Router {
  const router = Router();
  const pixOf = (e2eid: string) => {
    const seq = psp.pix.find(e2eid);
    if (seq === null) throw new ControlError(404, `no Pix ${e2eid}`);
    return seq;
  };

  router.get('/_control/state', (_req, res) => {
    res.json({
      cobs: psp.cobs.count,
      cobvs: psp.cobvs.count,
      pix: psp.pix.count,
      recs: psp.recurrences.recs.recs.size,
      solicrecs: psp.recurrences.recs.solicitacoes.size,
      cobrs: psp.recurrences.cobrs.byTxid.size,
      webhooks: Object.fromEntries(psp.webhooks),
      webhookrec: psp.recurrences.webhookRec ?? null,
      webhookcobr: psp.recurrences.webhookCobr ?? null,
      bankingWebhooks: Object.fromEntries(psp.bankingWebhooks),
      now: new Date(psp.now()).toISOString(),
      faults: psp.faults,
      refunds: psp.refunds,
      callbacks: psp.callbacks.faults,
      tokenTtlSeconds: psp.tokens.ttlSeconds,
    });
  });

  router.post('/_control/reset', (_req, res) => {
    psp.reset();
    res.status(204).end();
  });

  router.post('/_control/clock', (req, res) => {
    psp.clockOffsetMs += parse(clockBody, req).advanceSeconds * 1000;
    res.json({ now: new Date(psp.now()).toISOString() });
  });

  /** The charge to pay: 404 when unknown, 409 when removed, or CONCLUIDA without `again`. */
  const payable = <F>(store: ChargeStore<F>, req: Request, again: boolean | undefined): Charge<F> => {
    const charge = store.get(pathParam(req, 'txid'));
    if (!charge) throw new ControlError(404, `no ${store.tipoCob} ${pathParam(req, 'txid')}`);
    if (charge.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || charge.status === 'REMOVIDA_PELO_PSP') throw new ControlError(409, `the ${store.tipoCob} is ${charge.status}`);
    if (charge.status === 'CONCLUIDA' && !again) throw new ControlError(409, `the ${store.tipoCob} is CONCLUIDA already (again: true pays it once more)`);
    return charge;
  };
  /** The PSP removes an ATIVA charge (`REMOVIDA_PELO_PSP`). */
  const removeRoute = <F>(store: ChargeStore<F> & { toJson(charge: Charge<F>): Record<string, unknown> }) =>
    router.post(`/_control/${store.tipoCob}/:txid/remove`, (req, res) => {
      const charge = store.get(pathParam(req, 'txid'));
      if (!charge) throw new ControlError(404, `no ${store.tipoCob} ${pathParam(req, 'txid')}`);
      if (charge.status !== 'ATIVA') throw new ControlError(409, `the ${store.tipoCob} is ${charge.status}`);
      store.revise(charge, store.current(charge), 'REMOVIDA_PELO_PSP');
      res.json(store.toJson(charge));
    });

  router.post('/_control/cob/:txid/pay', (req, res) => {
    const body = parse(payBody, req);
    const cob = payable(psp.cobs, req, body.again);
    if (psp.now() > psp.cobs.expiresAt(cob) && !body.late) throw new ControlError(409, 'the cob has expired (late: true pays it anyway)');
    const cents = body.valor !== undefined ? centsOf(body.valor)! : centsOf(psp.cobs.current(cob).valor.original)!;
    const seq = psp.pay(cob, cents, { infoPagador: body.infoPagador, pagador: body.pagador });
    res.status(201).json(psp.pix.toJson(seq));
  });

  removeRoute(psp.cobs);

  router.post('/_control/cobv/:txid/pay', (req, res) => {
    const body = parse(payCobvBody, req);
    const cobv = payable(psp.cobvs, req, body.again);
    if (body.date !== undefined && !isCivilDate(body.date)) throw new ControlError(400, 'date is not a calendar date');
    const extra = { infoPagador: body.infoPagador, pagador: body.pagador };
    const seq = body.valor !== undefined ? psp.payCobvAmount(cobv, centsOf(body.valor)!, extra) : psp.payCobv(cobv, body.date, extra);
    if (seq === null) throw new ControlError(409, `the cobv cannot be paid on ${body.date ?? psp.today()}: it is past its validity after the due date`);
    res.status(201).json(psp.pix.toJson(seq));
  });

  removeRoute(psp.cobvs);

  router.post('/_control/pix', (req, res) => {
    const body = parse(receiveBody, req);
    res.status(201).json(psp.pix.toJson(psp.receive(centsOf(body.valor)!, body.chave, body.txid)));
  });

  router.post('/_control/pix/:e2eid/med', (req, res) => {
    const body = parse(medBody, req);
    const seq = pixOf(pathParam(req, 'e2eid'));
    const cents = body.valor !== undefined ? centsOf(body.valor)! : psp.refundable(seq);
    if (cents <= 0 || cents > psp.refundable(seq)) throw new ControlError(409, 'the MED return exceeds what is left of the Pix');
    const id = body.id ?? `MED${randomBytes(8).toString('hex')}`;
    if (psp.pix.devolucoesOf(seq).some((d) => d.id === id)) throw new ControlError(409, `devolução ${id} exists`);
    res.status(201).json(psp.medReturn(seq, cents, body.natureza, id));
  });

  router.post('/_control/pix/:e2eid/devolucao/:id', (req, res) => {
    const body = parse(settleBody, req);
    const seq = pixOf(pathParam(req, 'e2eid'));
    const d = psp.pix.devolucoesOf(seq).find((x) => x.id === pathParam(req, 'id'));
    if (!d) throw new ControlError(404, `no devolução ${pathParam(req, 'id')}`);
    if (d.status !== 'EM_PROCESSAMENTO') throw new ControlError(409, `the devolução is ${d.status}`);
    psp.settleRefund(seq, d, body.status, body.motivo);
    res.json(d);
  });

  router.put('/_control/refunds', (req, res) => {
    psp.refunds = { ...psp.refunds, ...parse(refundsBody, req) };
    res.json(psp.refunds);
  });

  router.put('/_control/callbacks', (req, res) => {
    psp.callbacks.faults = { ...psp.callbacks.faults, ...parse(callbacksBody, req) };
    res.json(psp.callbacks.faults);
  });

  router.post('/_control/callbacks/release', (req, res) => {
    res.json({ released: psp.callbacks.release(parse(releaseBody, req).order) });
  });

  router.post('/_control/callbacks/:id/replay', (req, res) => {
    const delivery = psp.callbacks.replay(Number(pathParam(req, 'id')));
    if (!delivery) throw new ControlError(404, `no delivery ${pathParam(req, 'id')}`);
    res.status(201).json(delivery);
  });

  router.put('/_control/payouts', (req, res) => {
    psp.payoutSettings = { ...psp.payoutSettings, ...parse(payoutsBody, req) };
    res.json(psp.payoutSettings);
  });

  router.get('/_control/payouts', (_req, res) => {
    res.json({ created: psp.payouts.created, payouts: psp.payouts.list() });
  });

  router.post('/_control/payouts/:idEnvio/settle', (req, res) => {
    const body = parse(settlePayoutBody, req);
    const payout = psp.payouts.get(pathParam(req, 'idEnvio'));
    if (!payout) throw new ControlError(404, `no payout ${pathParam(req, 'idEnvio')}`);
    if (payout.status !== 'EM_PROCESSAMENTO') throw new ControlError(409, `the payout is ${payout.status}`);
    psp.settlePayout(payout, body.status, body.motivo, body.horario === undefined ? undefined : Date.parse(body.horario));
    res.json(psp.payouts.toJson(payout));
  });

  router.post('/_control/payouts/:idEnvio/lose', (req, res) => {
    if (!psp.payouts.get(pathParam(req, 'idEnvio'))) throw new ControlError(404, `no payout ${pathParam(req, 'idEnvio')}`);
    psp.payouts.forget(pathParam(req, 'idEnvio'));
    res.status(204).end();
  });

  // The account's balance that Efí's `GET /v2/gn/saldo` and Inter's `GET /banking/v2/saldo` answer and payouts draw on.
  router.put('/_control/balance', (req, res) => {
    const cents = centsOf(parse(balanceBody, req).saldo);
    psp.balanceCents = cents!;
    res.json({ saldo: reaisOf(psp.balanceCents) });
  });

  router.get('/_control/balance', (_req, res) => {
    res.json({ saldo: reaisOf(Math.max(0, psp.balanceCents)) });
  });

  router.put('/_control/autopay', (req, res) => {
    psp.autoPay = parse(autoPayBody, req);
    res.json(psp.autoPay);
  });

  router.get('/_control/callbacks', (_req, res) => {
    res.json({ idle: psp.callbacks.idle, deliveries: psp.callbacks.deliveries() });
  });

  router.put('/_control/faults', (req, res) => {
    const { pathPattern, ...rest } = parse(faultsBody, req);
    if (pathPattern) {
      try {
        new RegExp(pathPattern);
      } catch {
        throw new ControlError(400, 'pathPattern is not a regular expression');
      }
    }
    psp.faults = { ...psp.faults, ...rest, ...(pathPattern !== undefined ? { pathPattern: pathPattern ?? undefined } : {}) };
    res.json(psp.faults);
  });

  router.put('/_control/tokens', (req, res) => {
    const body = parse(tokensBody, req);
    if (body.ttlSeconds !== undefined) psp.tokens.ttlSeconds = body.ttlSeconds;
    if (body.expireAll) psp.tokens.expireAll();
    res.json({ ttlSeconds: psp.tokens.ttlSeconds });
  });

  router.post('/_control/seed', (req, res) => {
    const body = parse(seedBody, req);
    const start = Date.parse(`${body.date}T00:00:00${body.utcOffset}`);
    if (Number.isNaN(start)) throw new ControlError(400, 'date is not a calendar date');
    const started = Date.now();
    psp.pix.seed(body.count, start, start + 86_400_000, body.chave, body.withTxid);
    res.status(201).json({ seeded: body.count, pix: psp.pix.count, ms: Date.now() - started });
  });

  return router;
}
