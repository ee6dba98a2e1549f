import { validationError } from '../shared/errors';

export const WEBHOOK_URL_MAX_LENGTH = 2_048;

/**
 * Syntax rules for a webhook or postback URL (the address rules, SSRF, are checked by
 * the target guard): absolute, `https:`, a host, no user or password, at most 2,048
 * characters. Returns the normalised URL.
 */
export function parseWebhookUrl(value: unknown, field = 'url'): URL {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw validationError('WEBHOOK_URL_REQUIRED', `${field} is required`, { field });
  }
  if (value.length > WEBHOOK_URL_MAX_LENGTH) {
    throw validationError('WEBHOOK_URL_TOO_LONG', `${field} must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`, { field });
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw validationError('INVALID_WEBHOOK_URL', `${field} must be an absolute https URL`, { field });
  }
  if (url.protocol !== 'https:') throw validationError('WEBHOOK_URL_NOT_HTTPS', `${field} must use https`, { field });
  if (!url.hostname) throw validationError('INVALID_WEBHOOK_URL', `${field} must have a host`, { field });
  if (url.username || url.password) {
    throw validationError('INVALID_WEBHOOK_URL', `${field} must not carry credentials`, { field });
  }
  return url;
}
