import { disputeNotFound } from './dispute-decisions';
import { parseDisputeListQuery, type RawDisputeListQuery } from './dispute-list-query';
import type { Dispute, DisputeRepository } from './dispute.types';
import type { EvidenceDownload, EvidenceFile, EvidenceStore } from './evidence';
import { notFound } from '../shared/errors';

export interface DisputePage {
  items: Dispute[];
  total: number;
  take: number;
  skip: number;
}

/** What a seller reads of its disputes; another seller's dispute is not found, like an unknown one. */
export class DisputeQueries {
  constructor(private readonly d: { disputes: DisputeRepository; evidence: EvidenceStore }) {}

  /** The dispute with its evidence list (metadata only). */
  async detail(sellerId: string, id: string): Promise<{ dispute: Dispute; evidence: EvidenceFile[] }> {
    const dispute = await this.get(sellerId, id);
    return { dispute, evidence: await this.d.evidence.list(dispute.id) };
  }

  /** One evidence file with its bytes (streamed), for the seller who owns the dispute. */
  async evidenceFile(sellerId: string, disputeId: string, fileId: string): Promise<EvidenceDownload> {
    const dispute = await this.get(sellerId, disputeId);
    const found = fileId.length <= 128 ? await this.d.evidence.read(dispute.id, fileId) : null;
    if (!found) throw notFound('EVIDENCE_NOT_FOUND', 'evidence file not found');
    return found;
  }

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
