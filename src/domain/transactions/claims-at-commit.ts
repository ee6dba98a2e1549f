/**
 * Whether a create request's Idempotency-Key may be claimed by the create's own commit
 * (one round trip instead of two). True for PIX charges: they change nothing outside
 * their transaction (the BR Code is built in memory; the institution is called by a job
 * after the commit), so running one whose key turns out to exist already creates
 * nothing. A method that calls out before its commit (a card authorisation) must claim
 * first, as every other create does.
 */
export function claimsAtCommit(body: unknown): boolean {
  const method = body !== null && typeof body === 'object' ? (body as { paymentMethod?: unknown }).paymentMethod : undefined;
  return method === undefined || method === null || method === 'PIX';
}
