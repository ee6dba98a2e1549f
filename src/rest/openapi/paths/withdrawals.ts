import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { PIX_KEY_TYPES } from '../../../domain/pix/pix-key';
import { CreateWithdrawalRequest } from '../../../domain/withdrawals/create-withdrawal.input';
import { WithdrawalListQuery } from '../../../domain/withdrawals/withdrawal-list-query';
import { SandboxWithdrawalReport } from '../../../domain/sandbox/sandbox-report-request';
import { envelope, headers, ok } from '../components';
import { WITHDRAWAL_CSV_EXAMPLE, WITHDRAWAL_DETAIL_EXAMPLE, WITHDRAWAL_EXAMPLE, WITHDRAWAL_LIST_EXAMPLE } from '../examples';
import { registerOperation } from '../operation';
import { Withdrawal, WithdrawalDetail } from '../resources';
import { z } from '../zod';

const CreateWithdrawal = CreateWithdrawalRequest.openapi('CreateWithdrawal', { example: { amount: 1000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'maria@example.com' } });

const PIX_KEY_CODES = PIX_KEY_TYPES.map((t) => `INVALID_PIX_KEY_${t}`);

const id = z.object({ id: z.string().describe('withdrawal id') });

/** SPEC /api/v1/cobranca/withdrawals: create (2FA when active), list (JSON or CSV), get. */
export function registerWithdrawals(registry: OpenAPIRegistry): void {
  const base = '/api/v1/cobranca/withdrawals';
  registerOperation(registry, {
    method: 'post',
    path: base,
    operationId: 'createWithdrawal',
    summary: 'Create a withdrawal',
    description:
      'Pays out from the available balance to a PIX key. When the key’s owner has 2FA active, `X-2FA-Code` must carry a current TOTP code (each code is accepted once). Idempotency-Key kept 72 h.',
    tag: 'Withdrawals',
    auth: 'apiKey',
    limited: 'seller',
    idempotent: true,
    headers: z.object({ 'X-2FA-Code': z.string().optional().describe('current TOTP code of the credential’s owner; required when 2FA is active') }),
    body: CreateWithdrawal,
    errors: {
      400: [
        'INVALID_BODY',
        'AMOUNT_REQUIRED',
        'INVALID_AMOUNT',
        'AMOUNT_TOO_LOW',
        'AMOUNT_TOO_HIGH',
        'METHOD_REQUIRED',
        'INVALID_METHOD',
        'UNSUPPORTED_METHOD',
        'PIX_KEY_TYPE_REQUIRED',
        'INVALID_PIX_KEY_TYPE',
        'PIX_KEY_REQUIRED',
        ...PIX_KEY_CODES,
        'INVALID_DESCRIPTION',
        'DESCRIPTION_TOO_LONG',
        'INVALID_EXTERNAL_REFERENCE',
        'INVALID_METADATA',
        'BENEFICIARY_NAME_REQUIRED',
        'INVALID_BENEFICIARY_NAME',
        'BENEFICIARY_DOCUMENT_TYPE_REQUIRED',
        'INVALID_BENEFICIARY_DOCUMENT_TYPE',
        'BENEFICIARY_DOCUMENT_NUMBER_REQUIRED',
        'INVALID_BENEFICIARY_DOCUMENT_NUMBER',
        'BENEFICIARY_DOCUMENT_TYPE_MISMATCH',
        'INVALID_MFA_CODE_FORMAT',
      ],
      403: ['MFA_REQUIRED', 'INVALID_MFA_CODE', 'SELLER_NOT_APPROVED'],
      422: ['INSUFFICIENT_BALANCE', 'SELLER_DEBT_OUTSTANDING'],
      503: ['INSTITUTION_NOT_CONFIGURED'],
    },
    responses: { 201: ok('The withdrawal, status PENDING', envelope(Withdrawal), { limited: 'seller', extraHeaders: ['Idempotent-Replayed'], example: WITHDRAWAL_EXAMPLE }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: base,
    operationId: 'listWithdrawals',
    summary: 'List withdrawals',
    description: 'Newest first. With `csv=true` the answer is a CSV file (RFC 4180, CRLF, header row) of every match, streamed; take and skip are ignored.',
    tag: 'Withdrawals',
    auth: 'apiKey',
    limited: 'seller',
    query: WithdrawalListQuery,
    errors: {
      400: [
        'INVALID_TAKE',
        'INVALID_SKIP',
        'INVALID_STATUS',
        'INVALID_METHOD',
        'INVALID_DATE',
        'INVALID_DATE_RANGE',
        'INVALID_ID',
        'INVALID_MIN_AMOUNT',
        'INVALID_MAX_AMOUNT',
        'INVALID_AMOUNT_RANGE',
        'INVALID_METADATA_KEY',
        'INVALID_METADATA_VALUE',
        'METADATA_KEY_REQUIRED',
        'INVALID_SEARCH',
        'INVALID_CSV_FLAG',
      ],
    },
    responses: {
      200: {
        description: 'A page of withdrawals (JSON), or all of them as CSV when `csv=true`',
        headers: headers('RateLimit', 'RateLimit-Policy'),
        content: {
          'application/json': {
            schema: envelope(z.object({ data: z.array(WithdrawalDetail), count: z.number().int().describe('matching the filters'), take: z.number().int(), skip: z.number().int() }).strict()),
            example: WITHDRAWAL_LIST_EXAMPLE,
          },
          'text/csv': { schema: z.string().describe('RFC 4180; formula-looking cells are neutralised'), example: WITHDRAWAL_CSV_EXAMPLE },
        },
      },
    },
  });
  registerOperation(registry, {
    method: 'get',
    path: `${base}/{id}`,
    operationId: 'getWithdrawal',
    summary: 'Get a withdrawal',
    tag: 'Withdrawals',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['WITHDRAWAL_NOT_FOUND'] },
    responses: { 200: ok('The withdrawal with its fees', envelope(WithdrawalDetail), { limited: 'seller', example: WITHDRAWAL_DETAIL_EXAMPLE }) },
  });
  registerOperation(registry, {
    method: 'post',
    path: '/v1/sandbox/withdrawals/{id}/report',
    operationId: 'sandboxReportWithdrawal',
    summary: 'Simulate an institution report on a withdrawal',
    description: 'Sandbox only. Unknown status words become FAILED; PAID carries a generated end-to-end id.',
    tag: 'Sandbox',
    sandboxOnly: true,
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    body: SandboxWithdrawalReport,
    errors: { 400: ['INVALID_FIELD'], 404: ['WITHDRAWAL_NOT_FOUND'] },
    responses: {
      200: ok(
        'What the report changed',
        envelope(z.object({ applied: z.boolean(), transitions: z.array(z.unknown()), withdrawal: WithdrawalDetail }).strict()),
        { limited: 'seller' },
      ),
    },
  });
}
