import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registerCommonComponents } from './components';
import { registerBalance } from './paths/balance';
import { registerCharges } from './paths/charges';
import { registerDataSubject } from './paths/data-subject';
import { registerDisputes } from './paths/disputes';
import { registerRecurrences } from './paths/recurrences';
import { registerDocs } from './paths/docs';
import { registerPlatform } from './paths/platform';
import { registerWebhookManagement } from './paths/webhooks';
import { registerWithdrawals } from './paths/withdrawals';
import { registerWebhookEvents } from './webhooks';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const DESCRIPTION = `PixPay's REST door: PIX charges (dynamic QR code and copy-and-paste BR Code), wallet and statement, PIX payouts, disputes, signed webhooks and data-subject rights. GraphQL (with live subscriptions) is at /graphql, described by its own schema.

Conventions: money is integer cents (BRL); dates are ISO 8601. Successful answers are \`{status: true, data}\`. Errors use the standard format \`{status: false, erro, mensagem, requestId, timestamp, path}\`, except validation and business errors under \`/api/v1/cobranca\`, which use \`{code, message, correlationID}\`. Each error response lists its stable codes (also in \`x-error-codes\`). Every response carries \`X-Request-Id\`; rate-limited paths carry \`RateLimit\` and \`RateLimit-Policy\`, and refusals that say when to retry carry \`Retry-After\`. Creates take an \`Idempotency-Key\`. Paths tagged Sandbox (\`x-sandbox-only\`) exist only in sandbox mode.`;

let registered: OpenAPIRegistry | undefined;
let built: OpenApiDocument | undefined;

/** Every operation, component and webhook of the REST door, registered once (the document's source). */
export function openApiRegistry(): OpenAPIRegistry {
  if (registered) return registered;
  const registry = new OpenAPIRegistry();
  registerCommonComponents(registry);
  registerCharges(registry);
  registerWithdrawals(registry);
  registerDisputes(registry);
  registerRecurrences(registry);
  registerBalance(registry);
  registerWebhookManagement(registry);
  registerDataSubject(registry);
  registerPlatform(registry);
  registerDocs(registry);
  registerWebhookEvents(registry);
  return (registered = registry);
}

/** The OpenAPI 3.1 document of the REST door, built once from the registered schemas. */
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  built = withoutNullQueryValues(new OpenApiGeneratorV31(openApiRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'PixPay API', version: '1.0.0', description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: 'http://127.0.0.1:3000', description: 'a local sandbox (`npm start`)' }],
    tags: [
      { name: 'Charges', description: 'PIX charges (and, in the sandbox, boletos and test cards)' },
      { name: 'Withdrawals', description: 'PIX payouts' },
      { name: 'Recurrences', description: 'PIX Automático: recurring charges the payer authorises once' },
      { name: 'Disputes', description: 'Contestations and MED returns' },
      { name: 'Wallet and balance' },
      { name: 'Webhooks', description: 'Registrations, deliveries, resends' },
      { name: 'Data-subject rights' },
      { name: 'BR Code location', description: "What a payer's bank reads" },
      { name: 'Institution', description: "The payment institution's callbacks" },
      { name: 'Sandbox', description: 'Simulations; these paths do not exist in production mode' },
      { name: 'Health' },
      { name: 'Documentation' },
    ],
  }));
  return built;
}

/**
 * A query string has no null: the schemas accept null for GraphQL's absent arguments,
 * which the generator reads as a nullable type. The document shows what HTTP can send.
 */
function withoutNullQueryValues(doc: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item) as { parameters?: { in: string; schema?: { type?: unknown } }[] }[]) {
      for (const p of op.parameters ?? []) {
        const t = p.schema?.type;
        if (p.in === 'query' && Array.isArray(t)) p.schema!.type = t.length === 2 && t.includes('null') ? t.find((x) => x !== 'null') : t.filter((x) => x !== 'null');
      }
    }
  }
  return doc;
}
