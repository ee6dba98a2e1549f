import { disputeNotFound } from './dispute-decisions';
import { parseDisputeListQuery, type RawDisputeListQuery } from './dispute-list-query';
import type { Dispute, DisputeRepository } from './dispute.types';

export interface DisputePage {
  items: Dispute[];
  total: number;
  take: number;
  skip: number;
}

/** What a seller reads of its disputes; another seller's dispute is not found, like an unknown one. */
export class DisputeQueries {
  constructor(private readonly d: { disputes: DisputeRepository }) {}

  async get(sellerId: string, id: string): Promise<Dispute> {
    const dispute = id.length <= 128 ? await this.d.disputes.findById(id) : null;
    if (!dispute || dispute.sellerId !== sellerId) throw disputeNotFound();
    return dispute;
  }

  async list(sellerId: string, raw: RawDisputeListQuery): Promise<DisputePage> {
    const filter = parseDisputeListQuery(sellerId, raw);
    const { items, total } = await this.d.disputes.list(filter);
    return { items, total, take: filter.limit, skip: filter.offset };
  }
}
