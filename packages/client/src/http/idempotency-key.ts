/**
 * A fresh Idempotency-Key (a UUID v4): the SDK makes one per create call unless one is
 * given, and sends the same one on every retry of that call. Pass your own (an order id,
 * say) to make a create safe across restarts of your process as well.
 */
export function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  // randomUUID exists in Node and in browsers' secure contexts; getRandomValues everywhere.
  if (typeof webCrypto.randomUUID === 'function') return webCrypto.randomUUID();
  const b = webCrypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
