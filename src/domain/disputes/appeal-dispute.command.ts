import type { Seller } from '../accounts/accounts.types';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, runIdempotentCommand } from '../idempotency/idempotent-command';
import type { AppealDisputeService } from './appeal-dispute';
import { parseAppeal } from './appeal-input';
import { appealView, storedAppealView, type AppealView } from './dispute-view';
import { sha256Hex, type EvidenceUpload } from './evidence';

export interface AppealDisputeRequest {
  seller: Seller;
  /** The text fields as the client sent them (multipart form fields, GraphQL arguments). */
  fields: { disputeId?: unknown; appealReason?: unknown };
  /** The evidence, already read by the door within its upload limits. */
  files: EvidenceUpload[];
  idempotencyKey: unknown;
}

export type AppealDispute = (r: AppealDisputeRequest) => Promise<CommandResult<AppealView>>;

/**
 * The seller's appeal with evidence, once per idempotency key (kept 72 h). The request's
 * identity is its text fields and each file's name, size and digest, so a key used on
 * one door replays on the other.
 */
export function appealDisputeCommand(d: { idempotency: IdempotencyService; appeals: Pick<AppealDisputeService, 'appeal'> }): AppealDispute {
  return async ({ seller, fields, files, idempotencyKey }) => {
    const text = { disputeId: fields.disputeId, appealReason: fields.appealReason };
    const digests = files.map((f) => ({ name: f.name, size: f.content.length, sha256: sha256Hex(f.content) }));
    const result = await runIdempotentCommand(d.idempotency, {
      sellerId: seller.id,
      operation: 'disputes.appeal',
      key: idempotencyKey,
      identity: { fields: text, files: digests },
      formerIdentities: [
        { path: '/v1/disputes/appeal', fields: text, files: digests },
        { graphql: 'appealDispute', fields: text, files: digests },
      ],
      storedStatus: 200,
      readStored: storedAppealView,
      execute: async (record) => {
        const input = parseAppeal({ ...text, files });
        const appealed = await d.appeals.appeal(seller.id, input, (tx, a) => record(tx, a.dispute.id, appealView(a.dispute, a.files.length)));
        return appealView(appealed.dispute, appealed.files.length);
      },
    });
    return result as CommandResult<AppealView>;
  };
}
