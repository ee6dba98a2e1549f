import { parseRecurrenceListQuery } from './recurrence-list-query';
import type { CycleView } from './cycle-view';
import type { RecurrenceCyclesService } from './recurrence-cycles.service';
import type { RecurrenceView } from './recurrence-view';
import type { RecurrencesService } from './recurrences.service';
import type { RecurrenceRepository } from './recurrence.types';
import { recurrenceLocationPayload, type RecurrenceReceiver } from './recurrence-location-payload';

export interface RecurrencePage {
  items: RecurrenceView[];
  total: number;
  take: number;
  skip: number;
}

/** What a seller reads of its recurrences; another seller's is not found, like an unknown one. */
export class RecurrenceQueries {
  constructor(
    private readonly d: {
      repo: RecurrenceRepository;
      recurrences: Pick<RecurrencesService, 'get' | 'view'>;
      cycles: Pick<RecurrenceCyclesService, 'cyclesOf'>;
      /** The seller as the payer's bank shows the receiver. */
      receiverOf(sellerId: string): Promise<RecurrenceReceiver>;
    },
  ) {}

  /** What the payer's bank reads at a recurrence's location (unsigned); null when no recurrence is there. */
  async locationPayload(locationId: string): Promise<Record<string, unknown> | null> {
    const r = locationId.length <= 128 ? await this.d.repo.findByLocation(locationId) : null;
    return r ? recurrenceLocationPayload(r, await this.d.receiverOf(r.sellerId)) : null;
  }

  /** A recurrence's cycles by number, each with its attempts. */
  cycles(sellerId: string, id: string): Promise<CycleView[]> {
    return this.d.cycles.cyclesOf(sellerId, id);
  }

  async get(sellerId: string, id: string): Promise<RecurrenceView> {
    return this.d.recurrences.view(await this.d.recurrences.get(sellerId, id));
  }

  async list(sellerId: string, raw: unknown): Promise<RecurrencePage> {
    const filter = parseRecurrenceListQuery(sellerId, raw);
    const { items, total } = await this.d.repo.list(filter);
    return { items: items.map((r) => this.d.recurrences.view(r)), total, take: filter.limit, skip: filter.offset };
  }
}
