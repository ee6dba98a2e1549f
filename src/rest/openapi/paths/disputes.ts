import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AppealFields } from '../../../domain/disputes/appeal-input';
import { DisputeListQuery } from '../../../domain/disputes/dispute-list-query';
import { APPEAL_LIMITS } from '../../../domain/disputes/evidence';
import { SandboxDisputeDecision } from '../../../domain/sandbox/sandbox-report-request';
import { envelope, headers, ok } from '../components';
import { APPEAL_EXAMPLE, DISPUTE_EXAMPLE, DISPUTE_LIST_EXAMPLE } from '../examples';
import { registerOperation } from '../operation';
import { Dispute, Evidence } from '../resources';
import { z } from '../zod';

const id = z.object({ id: z.string().describe('dispute id') });

/** The multipart form: the text fields as the appeal command parses them, and the files. */
const AppealForm = AppealFields.extend({
  files: z
    .array(z.string().openapi({ format: 'binary' }))
    .max(APPEAL_LIMITS.maxFiles)
    .optional()
    .describe(`evidence, repeatable: up to ${APPEAL_LIMITS.maxFiles} files of at most ${APPEAL_LIMITS.maxFileBytes} bytes each, PDF, JPG or PNG (judged by content)`),
}).openapi('AppealForm');

const sandboxOutcome = envelope(z.object({ applied: z.boolean(), dispute: Dispute.nullable() }).strict());

/** The seller's disputes and the appeal (SPEC POST /v1/disputes/appeal), plus the sandbox's simulations. */
export function registerDisputes(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: 'get',
    path: '/v1/disputes',
    operationId: 'listDisputes',
    summary: 'List disputes',
    description: 'Newest first.',
    tag: 'Disputes',
    auth: 'apiKey',
    limited: 'seller',
    query: DisputeListQuery,
    errors: { 400: ['INVALID_TAKE', 'INVALID_SKIP', 'INVALID_STATUS', 'INVALID_ORIGIN', 'INVALID_TRANSACTION_ID', 'INVALID_DATE', 'INVALID_DATE_RANGE'] },
    responses: {
      200: ok('A page of disputes', envelope(z.object({ data: z.array(Dispute), count: z.number().int(), take: z.number().int(), skip: z.number().int() }).strict()), {
        limited: 'seller',
        example: DISPUTE_LIST_EXAMPLE,
      }),
    },
  });
  registerOperation(registry, {
    method: 'get',
    path: '/v1/disputes/{id}',
    operationId: 'getDispute',
    summary: 'Get a dispute',
    description: 'With the evidence files of its appeal.',
    tag: 'Disputes',
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    errors: { 404: ['DISPUTE_NOT_FOUND'] },
    responses: { 200: ok('The dispute', envelope(z.object({ ...Dispute.shape, evidence: z.array(Evidence) }).strict()), { limited: 'seller', example: DISPUTE_EXAMPLE }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: '/v1/disputes/{id}/evidence/{fileId}',
    operationId: 'getDisputeEvidence',
    summary: 'Download an evidence file',
    tag: 'Disputes',
    auth: 'apiKey',
    limited: 'seller',
    params: z.object({ id: z.string().describe('dispute id'), fileId: z.string().describe('evidence id') }),
    errors: { 404: ['DISPUTE_NOT_FOUND', 'EVIDENCE_NOT_FOUND'], 503: ['EVIDENCE_STORAGE_UNAVAILABLE'] },
    responses: {
      200: {
        description: 'The file as uploaded (Content-Disposition: attachment)',
        headers: headers('RateLimit', 'RateLimit-Policy'),
        content: {
          'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
          'image/png': { schema: z.string().openapi({ format: 'binary' }) },
          'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
        },
      },
    },
  });
  registerOperation(registry, {
    method: 'post',
    path: '/v1/disputes/appeal',
    operationId: 'appealDispute',
    summary: 'Appeal a dispute',
    description: 'multipart/form-data. Limits are enforced while the body streams: a body or file over its limit, an 11th file or a file that is not PDF, PNG or JPEG stops the upload at once. Idempotency-Key kept 72 h.',
    tag: 'Disputes',
    auth: 'apiKey',
    limited: 'seller',
    idempotent: true,
    bodyContent: { 'multipart/form-data': { schema: AppealForm, encoding: { files: { contentType: 'application/pdf, image/png, image/jpeg' } } } },
    errors: {
      400: [
        'INVALID_MULTIPART',
        'DISPUTE_ID_REQUIRED',
        'INVALID_DISPUTE_ID',
        'APPEAL_REASON_REQUIRED',
        'APPEAL_REASON_TOO_LONG',
        'INVALID_FILE_FIELD',
        'INVALID_FILE_TYPE',
        'TOO_MANY_FILES',
      ],
      404: ['DISPUTE_NOT_FOUND'],
      409: ['DISPUTE_NOT_APPEALABLE'],
      413: ['FILE_TOO_LARGE'],
      // With EVIDENCE_STORE=s3, while the bucket does not answer.
      503: ['EVIDENCE_STORAGE_UNAVAILABLE'],
    },
    responses: {
      200: ok(
        'The dispute, UNDER_REVIEW',
        z
          .object({
            status: z.literal(true),
            data: z.object({ id: z.string(), status: z.string(), appealReason: z.string().nullable() }).strict(),
            uploadedFiles: z.number().int(),
            message: z.string(),
          })
          .strict(),
        { limited: 'seller', extraHeaders: ['Idempotent-Replayed'], example: APPEAL_EXAMPLE },
      ),
    },
  });
  for (const [path, what] of [
    ['dispute', 'Simulate a contestation (the institution reports DISPUTE)'],
    ['med', 'Simulate a MED return (the institution reports CHARGEDBACK)'],
  ] as const) {
    registerOperation(registry, {
      method: 'post',
      path: `/v1/sandbox/transactions/{id}/${path}`,
      operationId: path === 'dispute' ? 'sandboxOpenDispute' : 'sandboxMedReturn',
      summary: what,
      description: 'Sandbox only: goes through the one institution report path.',
      tag: 'Sandbox',
      sandboxOnly: true,
      auth: 'apiKey',
      limited: 'seller',
      params: z.object({ id: z.string().describe('transaction id') }),
      errors: { 404: ['TRANSACTION_NOT_FOUND'], 409: ['INVALID_TRANSACTION_TRANSITION', 'INVALID_DISPUTE_TRANSITION'], 422: ['NOTHING_TO_DISPUTE', 'REPORT_NOT_SUPPORTED'] },
      responses: { 200: ok('Whether the report applied, and the dispute it opened', sandboxOutcome, { limited: 'seller' }) },
    });
  }
  registerOperation(registry, {
    method: 'post',
    path: '/v1/sandbox/disputes/{id}/decide',
    operationId: 'sandboxDecideDispute',
    summary: 'Simulate the decision of a dispute',
    description: 'Sandbox only.',
    tag: 'Sandbox',
    sandboxOnly: true,
    auth: 'apiKey',
    limited: 'seller',
    params: id,
    body: SandboxDisputeDecision,
    errors: { 400: ['INVALID_OUTCOME'], 404: ['DISPUTE_NOT_FOUND'], 409: ['INVALID_DISPUTE_TRANSITION', 'INVALID_TRANSACTION_TRANSITION'], 422: ['REPORT_NOT_SUPPORTED', 'NOTHING_TO_DISPUTE'] },
    responses: { 200: ok('The decided dispute', envelope(z.object({ applied: z.boolean(), dispute: Dispute }).strict()), { limited: 'seller' }) },
  });
}
