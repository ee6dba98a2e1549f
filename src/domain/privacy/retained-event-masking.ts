import type { Clock } from '../shared/clock';
import { inBatches } from '../shared/in-batches';
import { maskPersonalData } from '../webhooks/masking';

/** Published events kept past the retention window whose payload is still unmasked. */
export interface RetainedEventStore {
  unmaskedBefore(before: Date, limit: number): Promise<{ id: string; payload: Record<string, unknown> }[]>;
  /** Writes the masked payloads and marks the rows masked. */
  saveMasked(rows: { id: string; payload: Record<string, unknown> }[]): Promise<void>;
}

const BATCH = 500;

/**
 * The outbox keeps the latest event of each resource for ever (resends send it); once
 * older than the retention window its payload keeps no personal data: it is masked as
 * webhook bodies are (`MASKED_FIELDS`), so a later resend sends what a delivery would.
 */
export class RetainedEventMasking {
  constructor(private readonly d: { store: RetainedEventStore; clock: Clock; retentionMs: number }) {}

  run(): Promise<number> {
    const before = new Date(this.d.clock.now().getTime() - this.d.retentionMs);
    return inBatches(BATCH, async (limit) => {
      const rows = await this.d.store.unmaskedBefore(before, limit);
      if (rows.length > 0) await this.d.store.saveMasked(rows.map((r) => ({ id: r.id, payload: maskPersonalData(r.payload) })));
      return rows.length;
    });
  }
}
