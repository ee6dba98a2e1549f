import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { CreateTransactionRequest } from '../../../domain/transactions/create-transaction.input';
import { RefundRequest } from '../../../domain/transactions/refunds.service';
import { envelope, ok } from '../components';
import { CHARGE_EXAMPLE, CHARGE_LIST_EXAMPLE, REFUNDED_EXAMPLE } from '../examples';
import { registerOperation } from '../operation';
import { Refund, Transaction } from '../resources';
import { z } from '../zod';
import { TransactionListQuery } from '../../../domain/transactions/transaction-list-query';

const id = z.object({ id: z.string().describe('transaction id') });

const CreateTransaction = CreateTransactionRequest.openapi('CreateTransaction', {
  example: { amount: 5000, description: 'Pedido 42', expiration: 3600, customer: { name: 'Maria Souza', email: 'maria@example.com', document: '529.982.247-25' } },
});

const CREATE_CODES = [
  'INVALID_BODY',
  'AMOUNT_REQUIRED',
  'INVALID_AMOUNT',
  'AMOUNT_TOO_LOW',
  'AMOUNT_TOO_HIGH',
  'UNSUPPORTED_PAYMENT_METHOD',
  'INVALID_EXPIRATION',
  'INVALID_CUSTOMER',
  'INVALID_CUSTOMER_EMAIL',
  'INVALID_CUSTOMER_PHONE',
  'INVALID_CUSTOMER_DOCUMENT',
  'INVALID_METADATA',
  'INVALID_FIELD',
  'FIELD_TOO_LONG',
  'INVALID_POSTBACK_URL',
  'POSTBACK_URL_NOT_HTTPS',
  'WEBHOOK_URL_FORBIDDEN',
  'WEBHOOK_HOST_UNRESOLVABLE',
  'INVALID_DUE_DATE',
  'BOLETO_PAYER_NAME_REQUIRED',
  'BOLETO_PAYER_DOCUMENT_REQUIRED',
  'DUE_DATE_REQUIRED',
  'DUE_DATE_TERMS_PIX_ONLY',
  'DUE_DATE_PAYER_NAME_REQUIRED',
  'DUE_DATE_PAYER_DOCUMENT_REQUIRED',
  'INVALID_VALIDITY_AFTER_DUE_DAYS',
  'INVALID_FINE',
  'INVALID_INTEREST',
  'INVALID_ABATEMENT',
  'INVALID_DISCOUNT',
  'ABATEMENT_TOO_LARGE',
  'DISCOUNT_TOO_LARGE',
  'DISCOUNT_DATE_AFTER_DUE_DATE',
  'CARD_NOT_EXPECTED',
  'CARD_REQUIRED',
  'INVALID_CARD',
  'CARD_NUMBER_REQUIRED',
  'INVALID_CARD_NUMBER',
  'CARD_HOLDER_REQUIRED',
  'INVALID_CARD_HOLDER',
  'INVALID_CARD_EXPIRY',
  'INVALID_CARD_CVV',
  'INVALID_INSTALLMENTS',
  'INVALID_SPLIT',
  'SPLIT_TOO_MANY_RECIPIENTS',
  'SPLIT_DUPLICATE_RECIPIENT',
  'SPLIT_SHARE_TOO_SMALL',
  'SPLIT_EXCEEDS_AMOUNT',
];

/** SPEC /api/v1/cobranca/transactions: create, list, get, refund; and where each refund stands. */
export function registerCharges(registry: OpenAPIRegistry): void {
  const base = '/api/v1/cobranca/transactions';
  registerOperation(registry, {
    method: 'post',
    path: base,
    operationId: 'createTransaction',
    summary: 'Create a charge',
    description:
      'Creates a PIX charge (dynamic BR Code and QR image URL); in the sandbox also a boleto or a test card payment. A PIX charge with `dueDate` is a charge with a due date (API Pix cobv): the payer\'s name and CPF or CNPJ are required, and the optional fine, interest, abatement and discount set what it asks on the day it is paid (docs: due-date charges). A marketplace may split an immediate PIX charge with its connected recipients (`splits`; docs/integrate/marketplaces.md). The answer of the first request is stored under the Idempotency-Key for 24 h.',
    tag: 'Charges',
    auth: 'apiKey',
    limited: 'seller',
    idempotent: true,
    body: CreateTransaction,
    errors: { 400: CREATE_CODES, 403: ['SELLER_NOT_APPROVED'], 422: ['PAYMENT_METHOD_NOT_ENABLED', 'SPLIT_RECIPIENT_NOT_CONNECTED'], 503: ['INSTITUTION_NOT_CONFIGURED', 'INSTITUTION_UNAVAILABLE'] },
    responses: { 201: ok('The charge, status PENDING (a card payment is decided at once)', envelope(Transaction), { limited: 'seller', extraHeaders: ['Idempotent-Replayed'], example: CHARGE_EXAMPLE }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: base,
    operationId: 'listTransactions',
    summary: 'List charges',
    description: 'Newest first.',
    tag: 'Charges',
    auth: 'apiKey',
    limited: 'seller',
    query: TransactionListQuery,
    errors: { 400: ['INVALID_QUERY_PARAMETER'] },
    responses: {
      200: ok(
        'A page of charges',
        envelope(z.object({ items: z.array(Transaction), total: z.number().int().describe('matching the filters'), limit: z.number().int(), offset: z.number().int() }).strict()),
        { limited: 'seller', example: CHARGE_LIST_EXAMPLE },
      ),
    },
  });
  registerOperation(registry, {
    method: 'get',
    path: `${base}/{id}`,
    operationId: 'getTransaction',
    summary: 'Get a charge',
    tag: 'Charges',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['TRANSACTION_NOT_FOUND'] },
    responses: { 200: ok('The charge', envelope(Transaction), { limited: 'seller', example: CHARGE_EXAMPLE }) },
  });
  registerOperation(registry, {
    method: 'post',
    path: `${base}/{id}/refund`,
    operationId: 'refundTransaction',
    summary: 'Refund a charge',
    description:
      'Total (default: all that remains) or partial; debited from the available balance of the method. A PIX refund is asked within 90 days of the payment. The PSP is asked after the answer; a refund it cannot make (NAO_REALIZADO) is given back and sends TRANSACTION_REFUND_FAILED. Idempotency-Key kept 72 h.',
    tag: 'Charges',
    auth: 'apiKey',
    limited: 'seller',
    idempotent: true,
    params: id,
    body: RefundRequest,
    bodyOptional: true,
    errors: {
      400: ['INVALID_REFUND_AMOUNT', 'INVALID_BODY', 'INVALID_SPLIT', 'SPLIT_TOO_MANY_RECIPIENTS'],
      404: ['TRANSACTION_NOT_FOUND'],
      409: ['INVALID_TRANSACTION_TRANSITION'],
      422: ['REFUND_EXCEEDS_REMAINING', 'REFUND_WINDOW_CLOSED', 'INSUFFICIENT_BALANCE', 'SPLIT_REFUND_UNKNOWN_RECIPIENT', 'SPLIT_REFUND_EXCEEDS_SHARE'],
    },
    responses: { 200: ok('The charge, REFUNDED or PARTIALLY_REFUNDED', envelope(Transaction), { limited: 'seller', extraHeaders: ['Idempotent-Replayed'], example: REFUNDED_EXAMPLE }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: `${base}/{id}/refunds`,
    operationId: 'listTransactionRefunds',
    summary: "List a charge's refunds",
    description:
      'Every refund of the charge, oldest first, with where its devolução stands at the payment institution. A FAILED refund was given back to the seller (TRANSACTION_REFUND_FAILED) and its amount can be refunded again.',
    tag: 'Charges',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['TRANSACTION_NOT_FOUND'] },
    responses: {
      200: ok('The refunds', envelope(z.object({ items: z.array(Refund) }).strict()), {
        limited: 'seller',
        example: {
          status: true,
          data: {
            items: [
              {
                id: 'rf_3kq9x2',
                transactionId: 'tx_8f2k1m',
                amount: 1000,
                status: 'RETURNED',
                createdAt: '2026-11-20T13:05:00.000Z',
                updatedAt: '2026-11-20T13:05:04.000Z',
                returnId: 'D9999999920261120130500000000001',
              },
            ],
          },
        },
      }),
    },
  });
}
