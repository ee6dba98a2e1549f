import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ErasureRequestFields } from '../../../domain/privacy/data-request-text';
import { headers, ok } from '../components';
import { registerOperation } from '../operation';
import { DataSubjectRequest } from '../resources';
import { z } from '../zod';

const answer = <T extends z.ZodTypeAny>(data: T) => z.object({ status: z.literal(true), data, message: z.string() }).strict();
const STEP_UP = z.object({ 'X-2FA-Code': z.string().optional().describe('current TOTP code of the API key’s owner; required when that owner has 2FA active') });
const STEP_UP_NOTE = ' Through an API key whose owner has 2FA active, `X-2FA-Code` must carry a current TOTP code (each code is accepted once); a dashboard session gave its code at sign-in.';
const REQUESTED = { requestId: 'dsr_q2w4e6r8t0y1u3i5o7p9a2s4', requestedAt: '2026-05-04T12:00:00.000Z' };

/** Data-subject rights (SPEC): export and erasure, plus the single-use link of a queued export. */
export function registerDataSubject(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: 'get',
    path: '/data-subject/export',
    operationId: 'exportPersonalData',
    summary: 'Export personal data',
    description: `Small accounts get the data at once (200); larger ones are queued (202) and the file is mailed to the account address with a single-use link.${STEP_UP_NOTE}`,
    tag: 'Data-subject rights',
    auth: 'bearer',
    limited: 'seller',
    headers: STEP_UP,
    errors: { 400: ['INVALID_MFA_CODE_FORMAT'], 403: ['MFA_REQUIRED', 'INVALID_MFA_CODE'] },
    responses: {
      200: ok('The personal data', answer(z.record(z.unknown())), { limited: 'seller', example: { status: true, data: { user: { email: 'me@example.com' } }, message: 'Personal data export.' } }),
      202: ok('The export was queued', answer(DataSubjectRequest), {
        limited: 'seller',
        example: { status: true, data: REQUESTED, message: 'The export was queued: the file will be sent by e-mail to the account address.' },
      }),
    },
  });
  registerOperation(registry, {
    method: 'post',
    path: '/data-subject/erasure-request',
    operationId: 'requestErasure',
    summary: 'Request erasure',
    description: `Processed within 15 business days; records kept for legal duties (financial records, 5 years) are not erased before their term. A second request while one is open answers the open one (200).${STEP_UP_NOTE}`,
    tag: 'Data-subject rights',
    auth: 'bearer',
    limited: 'seller',
    headers: STEP_UP,
    body: ErasureRequestFields.openapi('ErasureRequest'),
    bodyOptional: true,
    errors: { 400: ['INVALID_BODY', 'INVALID_REASON', 'REASON_TOO_LONG', 'INVALID_MFA_CODE_FORMAT'], 403: ['MFA_REQUIRED', 'INVALID_MFA_CODE'] },
    responses: {
      201: ok('Erasure request received', answer(DataSubjectRequest), {
        limited: 'seller',
        example: { status: true, data: REQUESTED, message: 'Erasure request received; it will be processed within 15 business days (by 2026-05-25T12:00:00.000Z).' },
      }),
      200: ok('An erasure request is already open', answer(DataSubjectRequest), { limited: 'seller' }),
    },
  });
  registerOperation(registry, {
    method: 'get',
    path: '/data-subject/export/download/{token}',
    operationId: 'downloadPersonalDataExport',
    summary: 'Download a queued export',
    description: 'The link mailed for a queued export: single use, expires after DATA_EXPORT_LINK_HOURS. The token is the credential.',
    tag: 'Data-subject rights',
    auth: 'none',
    limited: 'address',
    params: z.object({ token: z.string() }),
    errors: { 404: ['EXPORT_LINK_INVALID'] },
    responses: { 200: { description: 'A ZIP file', headers: headers('RateLimit', 'RateLimit-Policy'), content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } } },
  });
}
