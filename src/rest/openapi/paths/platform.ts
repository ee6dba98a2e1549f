import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { QrImageQuery } from '../../../domain/pix/qr-image';
import { SandboxChargeReport, SandboxPayRequest } from '../../../domain/sandbox/sandbox-report-request';
import { envelope, headers, ok } from '../components';
import { CHARGE_EXAMPLE } from '../examples';
import { registerOperation } from '../operation';
import { InstitutionReport } from '../../../domain/transactions/institution-report-request';
import { Transaction } from '../resources';
import { z } from '../zod';

const check = z.enum(['ok', 'error']);
const locationId = z.object({ locationId: z.string().describe('the location id in the BR Code (unguessable)') });
const binary = z.string().openapi({ format: 'binary' });

/** Health, metrics, the BR Code location and its images, the boleto page, the institution's callbacks, the sandbox payer. */
/** The running version (package.json; what changed: CHANGELOG.md). */
const VERSION = z.string().openapi({ description: "The service's version (package.json's, semantic versioning); what changed between versions is in CHANGELOG.md", example: '0.1.0' });

export function registerPlatform(registry: OpenAPIRegistry): void {
  const health = { method: 'get' as const, tag: 'Health', auth: 'none' as const, limited: 'address' as const };
  registerOperation(registry, {
    ...health,
    path: '/health',
    operationId: 'getHealth',
    summary: 'Availability',
    description: 'Each dependency in use; a cache that does not answer is `degraded` (the service still serves, status 200).',
    responses: {
      200: ok(
        'Every dependency in use is ok',
        z.object({ status: z.enum(['ok', 'degraded', 'error']), timestamp: z.string().datetime(), uptime: z.number(), version: VERSION, checks: z.object({ database: check, cache: z.enum(['ok', 'degraded']), broker: check.optional() }).strict() }).strict(),
        { limited: 'address', example: { status: 'ok', timestamp: '2026-05-04T12:00:00.000Z', uptime: 3600.25, version: '0.1.0', checks: { database: 'ok', cache: 'ok' } } },
      ),
      503: ok('A dependency is down', z.object({ status: z.literal('error'), timestamp: z.string().datetime(), uptime: z.number(), version: VERSION, checks: z.record(z.string()) }).strict(), { limited: 'address' }),
    },
  });
  registerOperation(registry, {
    ...health,
    path: '/health/live',
    operationId: 'getLiveness',
    summary: 'Liveness',
    responses: { 200: ok('The process runs', z.object({ status: z.literal('ok'), timestamp: z.string().datetime(), uptime: z.number() }).strict(), { limited: 'address' }) },
  });
  const ready = z.object({ status: z.enum(['ok', 'error']), timestamp: z.string().datetime(), uptime: z.number(), checks: z.record(check) }).strict();
  registerOperation(registry, {
    ...health,
    path: '/health/ready',
    operationId: 'getReadiness',
    summary: 'Readiness',
    description: 'Migrated, database reachable, broker connected when configured, not shutting down. With INSTITUTION=apipix, `checks.institution` says whether a token can be had from the PSP; it is reported, not required (a PSP outage does not take instances out of rotation).',
    responses: { 200: ok('Ready to serve', ready, { limited: 'address' }), 503: ok('Not ready', ready, { limited: 'address' }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    summary: 'Prometheus metrics',
    description: 'Exists only when METRICS_TOKEN is set.',
    tag: 'Health',
    auth: 'metricsToken',
    // Without METRICS_TOKEN the path is an unknown route.
    errors: { 404: ['ROUTE_NOT_FOUND'] },
    responses: { 200: { description: 'Prometheus text format', headers: headers(), content: { 'text/plain': { schema: z.string() } } } },
  });
  const image = (format: 'png' | 'svg') =>
    registerOperation(registry, {
      method: 'get',
      path: `/pix/qr/{locationId}.${format}`,
      operationId: format === 'png' ? 'getQrPng' : 'getQrSvg',
      summary: `QR image (${format.toUpperCase()})`,
      description: 'What `pix.qrCode` points at. Immutable: strong ETag (If-None-Match gives 304) and a year of caching.',
      tag: 'BR Code location',
      auth: 'none',
      limited: 'address',
      params: locationId,
      query: QrImageQuery,
      errors: { 400: ['INVALID_QR_SIZE'], 404: ['LOCATION_NOT_FOUND'] },
      responses: {
        200: { description: 'The image', headers: headers('RateLimit', 'RateLimit-Policy'), content: { [format === 'png' ? 'image/png' : 'image/svg+xml']: { schema: format === 'png' ? binary : z.string() } } },
        304: { description: 'Not modified (If-None-Match matched)', headers: headers('RateLimit', 'RateLimit-Policy') },
      },
    });
  image('png');
  image('svg');
  registerOperation(registry, {
    method: 'get',
    path: '/pix/qr/{locationId}',
    operationId: 'getPixLocation',
    summary: 'BR Code location payload',
    description:
      "What a payer's bank reads at the BR Code's location: the charge (txid, calendario, valor.original, status) as a JWS signed with ES256, verifiable with the key at /pix/jwks. A charge with a due date answers API Pix's cobv payload (calendario.dataDeVencimento and validadeAposVencimento, devedor, valor with multa, juros, abatimento, desconto and final) priced on `DPP` (default today in Brasília). A PIX Automático recurrence's location (the URL in its QR's template 80, journeys QR and QR_WITH_FIRST_PAYMENT) answers API Pix's RecPayload (idRec, vinculo, calendario, valor, politicaRetentativa, recebedor, atualizacao), whatever its status.",
    tag: 'BR Code location',
    auth: 'none',
    limited: 'address',
    params: locationId,
    query: z.object({
      codMun: z.string().optional().describe("charges with a due date: the payer's IBGE municipality code (7 digits)"),
      DPP: z.string().optional().describe('charges with a due date: the intended payment date, YYYY-MM-DD, from today to the last payable day'),
    }),
    errors: { 400: ['INVALID_COD_MUN', 'INVALID_DPP'], 404: ['LOCATION_NOT_FOUND'] },
    responses: { 200: { description: 'The JWS (compact serialisation)', headers: headers('RateLimit', 'RateLimit-Policy'), content: { 'application/jose': { schema: z.string() } } } },
  });
  registerOperation(registry, {
    method: 'get',
    path: '/pix/jwks',
    operationId: 'getPixJwks',
    summary: 'Location signing keys (JWKS)',
    tag: 'BR Code location',
    auth: 'none',
    limited: 'address',
    responses: { 200: ok('The public keys', z.object({ keys: z.array(z.record(z.unknown())) }), { limited: 'address' }) },
  });
  registerOperation(registry, {
    method: 'get',
    path: '/boleto/{token}',
    operationId: 'getBoletoPage',
    summary: 'Printable boleto',
    description: 'Sandbox boletos: the page `boleto.url` points at (HTML, barcode as SVG, no external assets).',
    tag: 'Charges',
    auth: 'none',
    params: z.object({ token: z.string() }),
    errors: { 404: ['BOLETO_NOT_FOUND'] },
    responses: { 200: { description: 'The page', headers: headers(), content: { 'text/html': { schema: z.string() } } } },
  });
  registerOperation(registry, {
    method: 'post',
    path: '/v1/institution/reports',
    operationId: 'reportTransactionStatus',
    summary: 'Institution status report',
    description: "The payment institution's callbacks (charge registered, paid, expired, refused...). A repeated reportId changes nothing; a report applies only when it outranks the current status.",
    tag: 'Institution',
    auth: 'institution',
    body: InstitutionReport,
    errors: { 400: ['FIELD_REQUIRED', 'INVALID_FIELD', 'INVALID_REPORT_ID'], 404: ['TRANSACTION_NOT_FOUND'], 409: ['INVALID_TRANSACTION_TRANSITION', 'INVALID_DISPUTE_TRANSITION'], 422: ['REPORT_NOT_SUPPORTED', 'NOTHING_TO_DISPUTE'] },
    responses: {
      200: ok('What the report did', envelope(z.object({ applied: z.boolean(), duplicate: z.boolean(), transactionStatus: z.string() }).strict()), {
        example: { status: true, data: { applied: true, duplicate: false, transactionStatus: 'PAID' } },
      }),
    },
  });
  for (const [path, operationId] of [
    ['/v1/institution/apipix/{token}', 'apiPixCallback'],
    ['/v1/institution/apipix/{token}/pix', 'apiPixCallbackPix'],
  ] as const) {
    registerOperation(registry, {
      method: 'post',
      path,
      operationId,
      summary: 'Callback of a PSP speaking API Pix',
      description:
        "With INSTITUTION=apipix: the PSP's `POST {webhookUrl}/pix` (`{pix: [...]}`, batched or repeated). The token is the secret in the URL that `npm run admin -- apipix register-webhook` registers; a wrong token is an unknown route. Each Pix is only a hint: it is read back from the PSP (`GET /pix/{e2eid}`) and applied through the institution report path, once per end-to-end id. A Pix of one of PixPay's own txids paid in the last five minutes whose charge is not stored yet (the payer paid before the create's answer) is answered 503 `PIX_CHARGE_NOT_STORED_YET` with `Retry-After`, so the PSP sends the callback again; anything else not ours is answered 200 and counted as ignored.",
      tag: 'Institution',
      auth: 'none',
      params: z.object({ token: z.string().describe('the secret path segment of the registered URL') }),
      query: z.object({ ignorar: z.string().optional().describe("Efí's documented suffix: the `/pix` it appends lands here") }),
      body: z.object({ pix: z.array(z.record(z.unknown())).describe('the Pix, as the PSP sent them; only endToEndId is read') }).passthrough(),
      errors: { 404: ['ROUTE_NOT_FOUND'], 503: ['INSTITUTION_UNAVAILABLE', 'PIX_CHARGE_NOT_STORED_YET'] },
      responses: {
        200: ok('What the callback did', envelope(z.object({ confirmed: z.number().int(), applied: z.number().int(), ignored: z.number().int() }).strict()), {
          example: { status: true, data: { confirmed: 1, applied: 1, ignored: 0 } },
        }),
      },
    });
  }
  for (const [kind, operationId, list, fetched] of [
    ['rec', 'apiPixCallbackRec', 'recs', '`GET /rec/{idRec}`'],
    ['cobr', 'apiPixCallbackCobr', 'cobsr', '`GET /cobr/{txid}`'],
  ] as const) {
    registerOperation(registry, {
      method: 'post',
      path: `/v1/institution/apipix/{token}/${kind}`,
      operationId,
      summary: `PIX Automático callback of a PSP speaking API Pix (${kind === 'rec' ? 'webhookrec' : 'webhookcobr'})`,
      description: `With INSTITUTION=apipix and APIPIX_ACCOUNT_NUMBER: the PSP's \`POST {webhookUrl}/${kind}\` (\`{${list}: [...]}\`), registered by \`npm run admin -- apipix register-webhook\`. A wrong token is an unknown route. Each ${kind === 'rec' ? 'recurrence' : 'recurring charge'} named is only a hint: it is read back from the PSP (${fetched}) and what the PSP holds is applied, once (a repeated callback changes nothing); one the PSP does not hold, or not ours, is counted as ignored. The same body POSTed to the registered URL itself (a PSP that appends nothing) is handled the same way.`,
      tag: 'Institution',
      auth: 'none',
      params: z.object({ token: z.string().describe('the secret path segment of the registered URL') }),
      body: z.object({ [list]: z.array(z.record(z.unknown())).describe(`as the PSP sent them; only ${kind === 'rec' ? 'idRec' : 'txid'} is read`) }).passthrough(),
      errors: { 404: ['ROUTE_NOT_FOUND'], 503: ['INSTITUTION_UNAVAILABLE'] },
      responses: {
        200: ok('What the callback did', envelope(z.object({ confirmed: z.number().int(), applied: z.number().int(), ignored: z.number().int() }).strict()), {
          example: { status: true, data: { confirmed: 1, applied: 1, ignored: 0 } },
        }),
      },
    });
  }
  const sandbox = { method: 'post' as const, tag: 'Sandbox', sandboxOnly: true, auth: 'apiKey' as const, limited: 'seller' as const, params: z.object({ id: z.string().describe('transaction id') }) };
  registerOperation(registry, {
    ...sandbox,
    path: '/v1/sandbox/transactions/{id}/pay',
    operationId: 'sandboxPayTransaction',
    summary: 'Pay a charge now (simulated payer)',
    description:
      'Sandbox only. PIX charges are also paid by themselves SANDBOX_AUTOPAY_SECONDS after creation; boletos only through this path. A charge with a due date is paid as on `paymentDate` (default today): its amount by the due-date rules.',
    body: SandboxPayRequest,
    bodyOptional: true,
    errors: { 400: ['INVALID_PAYMENT_DATE', 'UNKNOWN_FIELD'], 404: ['TRANSACTION_NOT_FOUND'], 409: ['INVALID_TRANSACTION_TRANSITION'], 422: ['NOT_PAYABLE', 'REPORT_NOT_SUPPORTED', 'DUE_DATE_CHARGE_NOT_PAYABLE'] },
    responses: { 200: ok('The charge', envelope(Transaction), { limited: 'seller', example: { ...CHARGE_EXAMPLE, data: { ...CHARGE_EXAMPLE.data, status: 'PAID' } } }) },
  });
  registerOperation(registry, {
    ...sandbox,
    path: '/v1/sandbox/transactions/{id}/report',
    operationId: 'sandboxReportTransaction',
    summary: 'Simulate an institution report on a charge',
    description: 'Sandbox only. Unknown status words become FAILED.',
    body: SandboxChargeReport,
    errors: { 400: ['INVALID_FIELD'], 404: ['TRANSACTION_NOT_FOUND'], 409: ['INVALID_TRANSACTION_TRANSITION', 'INVALID_DISPUTE_TRANSITION'], 422: ['REPORT_NOT_SUPPORTED', 'NOTHING_TO_DISPUTE'] },
    responses: { 200: ok('Whether it applied, and the charge', envelope(z.object({ applied: z.boolean(), transaction: Transaction }).strict()), { limited: 'seller' }) },
  });
}
