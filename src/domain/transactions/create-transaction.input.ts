import { z } from 'zod';
import { transform } from '../shared/zod-effects';
import { amountInCents, jsonMetadata, storableText } from '../shared/zod-fields';
import { coded, codedMessage, issue, parsePart, parseWith } from '../shared/zod-input';
import { DueDate } from '../boleto/boleto-input';
import { DUE_DATE_FIELDS, dueDateTermsOf, strayDueDateTerm } from '../due-date/due-date-input';
import type { DueDateTerms } from '../due-date/due-date-terms';
import { customerRequest, CUSTOMER_LIMITS } from './customer-input';
import { METHOD_FIELDS, methodFields, PaymentMethod, type MethodFields } from './payment-method-input';
import type { Customer, TransactionPaymentMethod } from './transaction.types';
import { SplitsField } from '../splits/split-input';
import type { SplitPlan } from '../splits/split.types';

export const TRANSACTION_LIMITS = {
  minAmount: 1,
  /** R$ 1,000,000.00 per charge. */
  maxAmount: 100_000_000,
  defaultExpirationSeconds: 3_600,
  minExpirationSeconds: 60,
  /** 7 days. */
  maxExpirationSeconds: 604_800,
  descriptionMax: 500,
  merchantOrderIdMax: 100,
  postbackUrlMax: 2_048,
  metadataMaxBytes: 4_096,
  metadataMaxKeys: 50,
  customerNameMax: CUSTOMER_LIMITS.nameMax,
} as const;

export interface CreateTransactionInput extends MethodFields {
  amount: number;
  paymentMethod: TransactionPaymentMethod;
  expirationSeconds: number;
  customer: Customer | null;
  metadata: Record<string, unknown> | null;
  description: string | null;
  merchantOrderId: string | null;
  postbackUrl: string | null;
  /** PIX with a `dueDate`: a charge with a due date (API Pix cobv); null for an immediate charge. */
  dueDateTerms?: DueDateTerms | null;
  /** Marketplaces: the recipients' parts (PIX only); null for a charge of one seller. */
  splits?: SplitPlan | null;
}

const INVALID_POSTBACK_URL = ['INVALID_POSTBACK_URL', 'postbackUrl must be an https URL'] as const;

/** An https URL without credentials, returned in its normal form; '' reads as absent. */
const PostbackUrl = transform(z.string(coded(...INVALID_POSTBACK_URL)).max(TRANSACTION_LIMITS.postbackUrlMax), (v, ctx) => {
  if (v === '') return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    issue(ctx, ...INVALID_POSTBACK_URL, []);
    return z.NEVER;
  }
  if (url.protocol !== 'https:') issue(ctx, 'POSTBACK_URL_NOT_HTTPS', 'postbackUrl must use https', []);
  else if (url.username || url.password) issue(ctx, 'INVALID_POSTBACK_URL', 'postbackUrl must not carry credentials', []);
  else return url.toString();
  return z.NEVER;
})
  .nullish()
  .describe('https URL that also receives this charge’s webhooks');

const Expiration = z
  .number(
    coded(
      'INVALID_EXPIRATION',
      `expiration must be an integer number of seconds from ${TRANSACTION_LIMITS.minExpirationSeconds} to ${TRANSACTION_LIMITS.maxExpirationSeconds}`,
    ),
  )
  .int()
  .min(TRANSACTION_LIMITS.minExpirationSeconds)
  .max(TRANSACTION_LIMITS.maxExpirationSeconds)
  .nullish()
  .describe(`PIX: seconds until the QR code expires; default ${TRANSACTION_LIMITS.defaultExpirationSeconds}`);

/**
 * The body of POST /api/v1/cobranca/transactions (and the GraphQL input): validates it
 * and documents it. Rules are checked in the order of the keys and the first one
 * broken is reported, each with its own code (docs/integrate/charges.md); the fields of the
 * chosen method come last (`methodFields`). Unknown fields, here and in `customer` and
 * `card`, are refused first (UNKNOWN_FIELD); `metadata` is free JSON. The sandbox
 * accepts its magic customer documents.
 */
function createTransactionRequest(sandbox: boolean) {
  const body = z.object(
    {
      amount: amountInCents({ min: TRANSACTION_LIMITS.minAmount, max: TRANSACTION_LIMITS.maxAmount, description: 'cents' }),
      paymentMethod: PaymentMethod,
      expiration: Expiration,
      customer: customerRequest(sandbox),
      metadata: jsonMetadata({
        field: 'metadata',
        code: 'INVALID_METADATA',
        maxKeys: TRANSACTION_LIMITS.metadataMaxKeys,
        maxBytes: TRANSACTION_LIMITS.metadataMaxBytes,
        description: `free JSON, at most ${TRANSACTION_LIMITS.metadataMaxKeys} keys and ${TRANSACTION_LIMITS.metadataMaxBytes} bytes`,
      }),
      description: storableText('description', TRANSACTION_LIMITS.descriptionMax),
      merchantOrderId: storableText('merchantOrderId', TRANSACTION_LIMITS.merchantOrderIdMax, { singleLine: true }),
      postbackUrl: PostbackUrl,
      splits: SplitsField,
      ...METHOD_FIELDS,
      ...DUE_DATE_FIELDS,
    },
    { errorMap: () => ({ message: codedMessage('INVALID_BODY', 'request body must be a JSON object') }) },
  ).strict();
  return transform(body, (b, ctx): CreateTransactionInput => {
    const paymentMethod = b.paymentMethod ?? 'PIX';
    const customer = b.customer ?? null;
    const fields = methodFields(paymentMethod, b, customer, ctx);
    if (!fields) return z.NEVER;
    if (b.splits && paymentMethod !== 'PIX') return issue(ctx, 'INVALID_SPLIT', 'splits are for PIX charges', ['splits'], { field: 'splits' }) ?? z.NEVER;
    const dueDateTerms = pixDueDateTerms(paymentMethod, b, customer, ctx);
    if (dueDateTerms === undefined) return z.NEVER;
    // A due-date charge's amount is known only when it is paid (fine, interest, discounts): its parts could not be fixed at create.
    if (b.splits && dueDateTerms) return issue(ctx, 'INVALID_SPLIT', 'splits are for immediate PIX charges, not for charges with a due date', ['splits'], { field: 'splits' }) ?? z.NEVER;
    return {
      amount: b.amount,
      paymentMethod,
      expirationSeconds: b.expiration ?? TRANSACTION_LIMITS.defaultExpirationSeconds,
      customer,
      metadata: b.metadata ?? null,
      description: b.description ?? null,
      merchantOrderId: b.merchantOrderId ?? null,
      postbackUrl: b.postbackUrl ?? null,
      dueDateTerms,
      splits: b.splits ?? null,
      ...fields,
    };
  });
}

/** A PIX charge's due-date terms (null without `dueDate`); the other methods refuse them. */
function pixDueDateTerms(
  method: TransactionPaymentMethod,
  b: Parameters<typeof dueDateTermsOf>[0] & { amount: number },
  customer: Customer | null,
  ctx: z.RefinementCtx,
): DueDateTerms | null | undefined {
  if (method !== 'PIX') {
    const stray = strayDueDateTerm(b);
    return stray ? issue(ctx, 'DUE_DATE_TERMS_PIX_ONLY', `${stray} applies only to PIX charges with a dueDate`, [stray]) : null;
  }
  const dueDate = parsePart(ctx, DueDate, b.dueDate, ['dueDate']);
  return dueDate && dueDateTermsOf(b, dueDate.value, b.amount, customer, ctx);
}

/** Built once: the production rules (documented) and the sandbox's. */
export const CreateTransactionRequest = createTransactionRequest(false);
const SandboxCreateTransactionRequest = createTransactionRequest(true);

/**
 * Validates the body of POST /api/v1/cobranca/transactions (and the GraphQL input). A
 * method production does not enable is refused before, by the create command
 * (`refuseDisabledPaymentMethod`), ahead of the idempotency key.
 */
export function parseCreateTransaction(body: unknown, opts: { sandbox: boolean }): CreateTransactionInput {
  return parseWith(opts.sandbox ? SandboxCreateTransactionRequest : CreateTransactionRequest, body);
}
