import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let next = POOL_BYTES;

/**
 * `n` bytes from the CSPRNG, like `crypto.randomBytes`, taken from a pool refilled 4 KB at
 * a time: each call of `randomBytes` pays the generator's fixed cost, a visible share of a
 * create that makes four identifiers (Node's `randomUUID` pools the same way). No byte is
 * handed out twice; the caller gets its own copy.
 */
export function randomBytesPooled(n: number): Buffer {
  if (n > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(n));
  if (next + n > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const out = Buffer.allocUnsafe(n);
  pool.copy(out, 0, next, next + n);
  next += n;
  return out;
}
