/**
 * Repeats a bounded batch (typically a purge of at most `size` rows) until one comes
 * back short, so that one pass clears a backlog; returns the total.
 */
export async function inBatches(size: number, batch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch(size);
    total += n;
    if (n < size) return total;
  }
}
