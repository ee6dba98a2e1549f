import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { Router, type Request, type Response } from 'express';
import type { Services } from '../../application/services';
import { WITHDRAWAL_CSV_COLUMNS, withdrawalCsvRecord } from '../../domain/withdrawals/withdrawal-csv';
import { parseWithdrawalListQuery } from '../../domain/withdrawals/withdrawal-list-query';
import { withdrawalDetailView, withdrawalSpecFields } from '../../domain/withdrawals/withdrawal-view';
import type { Withdrawal, WithdrawalListFilter } from '../../domain/withdrawals/withdrawal.types';
import { sendCommandResult } from '../send-command-result';
import { clientAddress, rateLimited } from '../middleware/rate-limit';
import { authenticate, principalOf, sellerOf } from '../middleware/auth';
import { TWO_FACTOR_HEADER } from '../two-factor-header';

const BASE = '/api/v1/cobranca/withdrawals';

/** The header that carries the current TOTP code of the credential's owner (SPEC, Authentication 6). */

async function* csvRecords(batches: AsyncIterable<Withdrawal[]>) {
  for await (const batch of batches) for (const w of batch) yield withdrawalCsvRecord(w);
}

/**
 * RFC 4180 (CRLF records, fields with comma, quote, CR or LF quoted, quotes doubled),
 * header row, formula-looking cells neutralised (withdrawal-csv.ts). Streamed: the
 * rows come from the database in batches as the client reads, never all at once.
 */
async function sendCsv(services: Services, res: Response, filter: WithdrawalListFilter): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="withdrawals-${services.clock.now().toISOString().slice(0, 10)}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  await pipeline(
    Readable.from(csvRecords(services.withdrawals.export(filter))),
    stringify({ header: true, columns: [...WITHDRAWAL_CSV_COLUMNS], record_delimiter: 'windows', quoted_match: /[\r\n]/ }),
    res,
  );
}

/** PIX withdrawals: create, get and list (SPEC, /api/v1/cobranca/withdrawals). */
export function withdrawalsRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));
  const { withdrawals } = services;

  router.post(BASE, auth, async (req: Request, res: Response) => {
    const result = await services.commands.createWithdrawal({
      seller: sellerOf(res),
      user: principalOf(res).user,
      input: req.body,
      idempotencyKey: req.header('idempotency-key'),
      totpCode: req.header(TWO_FACTOR_HEADER),
      address: clientAddress(req),
    });
    sendCommandResult(res, 201, result, withdrawalSpecFields);
  });

  router.get(BASE, auth, async (req: Request, res: Response) => {
    const { filter, csv } = parseWithdrawalListQuery(sellerOf(res).id, req.query as Record<string, unknown>);
    if (csv) {
      await sendCsv(services, res, filter);
      return;
    }
    const { items, total } = await withdrawals.list(filter);
    res.json({ status: true, data: { data: items.map(withdrawalDetailView), count: total, take: filter.take, skip: filter.skip } });
  });

  router.get(`${BASE}/:id`, auth, async (req: Request, res: Response) => {
    const w = await withdrawals.get(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: withdrawalDetailView(w) });
  });

  return router;
}

/**
 * Sandbox only (absent in production): `POST /v1/sandbox/withdrawals/:id/report` makes
 * the simulated institution report any status for the seller's withdrawal now
 * (unknown words become FAILED; PAID carries a generated end-to-end id).
 */
export function withdrawalsSandboxRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));
  router.post('/v1/sandbox/withdrawals/:id/report', auth, async (req: Request, res: Response) => {
    sendCommandResult(res, 200, await services.commands.sandboxReportWithdrawal({ seller: sellerOf(res), withdrawalId: String(req.params.id), input: req.body }));
  });
  return router;
}
