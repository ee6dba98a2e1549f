import type { Cents } from '../shared/money';

/**
 * Spreads `total` cents over parties in proportion to what each can bear (`capacities`:
 * its share of the charge, or what is left of it). Parts are rounded down to the cent; the
 * cents left over (fewer than the parties) go one each to the parties in their order (the
 * marketplace is always first), skipping a party already at its capacity. Deterministic,
 * exact (the parts sum to `total`), and no part above its capacity. Needs
 * `0 <= total <= sum(capacities)`.
 */
export function proRata(total: Cents, capacities: readonly Cents[]): Cents[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`proRata: total ${total} must be a non-negative integer`);
  if (capacities.some((c) => !Number.isSafeInteger(c) || c < 0)) throw new Error('proRata: capacities must be non-negative integers');
  const capacity = capacities.reduce((s, c) => s + c, 0);
  if (total > capacity) throw new Error(`proRata: ${total} exceeds the capacities' total ${capacity}`);
  if (total === 0) return capacities.map(() => 0);
  // floor(total * c / capacity) <= c because total <= capacity; BigInt keeps the product exact.
  const parts = capacities.map((c) => Number((BigInt(total) * BigInt(c)) / BigInt(capacity)));
  let left = total - parts.reduce((s, v) => s + v, 0);
  for (let i = 0; left > 0; i = (i + 1) % parts.length) {
    if (parts[i]! < capacities[i]!) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}
