import type { Seller } from '../accounts/accounts.types';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, idempotentCommand } from '../idempotency/idempotent-command';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { AppealDisputeService } from './appeal-dispute';
import { parseAppeal } from './appeal-input';
import { appealView, type AppealView } from './dispute-view';
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

const textOf = (fields: AppealDisputeRequest['fields']) => ({ disputeId: fields.disputeId, appealReason: fields.appealReason });

/**
 * The seller's appeal with evidence, once per idempotency key (kept 72 h). The request's
 * identity is its text fields and each file's name, size and digest, so a key used on
 * one door replays on the other. Evidence staged for an appeal that then fails is discarded.
 */
export function appealDisputeCommand(d: { uow: UnitOfWork; idempotency: IdempotencyService; appeals: Pick<AppealDisputeService, 'stage' | 'apply' | 'discard'> }): AppealDispute {
  return idempotentCommand(
    d.idempotency,
    {
      operation: 'disputes.appeal',
      storedStatus: 200,
      identity: ({ fields, files }: AppealDisputeRequest) => ({
        fields: textOf(fields),
        files: files.map((f) => ({ name: f.name, size: f.content.length, sha256: sha256Hex(f.content) })),
      }),
    },
    async ({ seller, fields, files }, answer) => {
      const input = parseAppeal({ ...textOf(fields), files });
      const staged = await d.appeals.stage(seller.id, input);
      try {
        return await d.uow.run(async (tx) => {
          const appealed = await d.appeals.apply(tx, staged);
          const view = appealView(appealed.dispute, appealed.files.length);
          await answer.record(tx, appealed.dispute.id, view);
          return view;
        });
      } catch (error) {
        await d.appeals.discard(staged);
        throw error;
      }
    },
  );
}
