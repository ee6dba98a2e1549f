import type { Response } from 'express';
import { rateLimitFields, type RateLimitDecision } from '../domain/rate-limits/rate-limit-decision';

/** `RateLimit-Policy` and `RateLimit` on every limited path; `Retry-After` (whole seconds) on a refusal. */
export function setRateLimitHeaders(res: Response, d: RateLimitDecision): void {
  const fields = rateLimitFields([d]);
  res.setHeader('RateLimit-Policy', fields.policy);
  if (fields.remaining) res.setHeader('RateLimit', fields.remaining);
  if (!d.allowed) res.setHeader('Retry-After', String(d.resetSeconds));
}
