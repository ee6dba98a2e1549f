import { z } from 'zod';
import { codedMessage, issue, parseWith } from '../shared/zod-input';

export const WEBHOOK_URL_MAX_LENGTH = 2_048;

/**
 * Syntax rules for a webhook or postback URL (the address rules, SSRF, are checked by
 * the target guard), in this order: a string that is not blank, at most 2,048
 * characters, absolute, `https:`, a host, no user or password. The output is the
 * normalised URL. Every issue names `field`, also when the schema is parsed on its own.
 */
export function webhookUrl(field = 'url') {
  const required = codedMessage('WEBHOOK_URL_REQUIRED', `${field} is required`, field);
  const invalid = (ctx: z.RefinementCtx, message: string) => {
    issue(ctx, 'INVALID_WEBHOOK_URL', message, [], { field });
    return z.NEVER;
  };
  return z
    .string({ errorMap: () => ({ message: required }) })
    .regex(/\S/, { message: required })
    .max(WEBHOOK_URL_MAX_LENGTH, { message: codedMessage('WEBHOOK_URL_TOO_LONG', `${field} must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`, field) })
    .transform((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value.trim());
      } catch {
        return invalid(ctx, `${field} must be an absolute https URL`);
      }
      if (url.protocol !== 'https:') {
        issue(ctx, 'WEBHOOK_URL_NOT_HTTPS', `${field} must use https`, [], { field });
        return z.NEVER;
      }
      if (!url.hostname) return invalid(ctx, `${field} must have a host`);
      if (url.username || url.password) return invalid(ctx, `${field} must not carry credentials`);
      return url;
    })
    .describe('https URL; loopback and private addresses are refused');
}

const schemas = new Map<string, ReturnType<typeof webhookUrl>>();

/** A webhook or postback URL checked on its own (a transaction's postbackUrl at fan-out). */
export function parseWebhookUrl(value: unknown, field = 'url'): URL {
  let schema = schemas.get(field);
  if (!schema) schemas.set(field, (schema = webhookUrl(field)));
  return parseWith(schema, value);
}
