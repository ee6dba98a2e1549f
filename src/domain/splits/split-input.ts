import { z } from 'zod';
import { transform } from '../shared/zod-effects';
import { coded, codedMessage, issue } from '../shared/zod-input';
import { MAX_SPLIT_RECIPIENTS, SPLIT_FEE_PAYERS, type SplitInstruction, type SplitPlan } from './split.types';

const RECIPIENT_ID_MAX = 64;

const INVALID_SPLIT = (message: string, field: string) => coded('INVALID_SPLIT', message, field);

/** One instruction: `recipientId` and exactly one of `amount` (cents) or `basisPoints` (1 to 10000). */
const Instruction = z
  .object(
    {
      recipientId: z
        .string(coded('INVALID_SPLIT', 'recipientId must be the id of a connected seller'))
        .min(1)
        .max(RECIPIENT_ID_MAX)
        .regex(/^[A-Za-z0-9_-]+$/)
        .describe('the recipient seller (connected to the marketplace, KYC approved)'),
      amount: z
        .number(coded('INVALID_SPLIT', 'amount of a split instruction must be a positive integer number of cents'))
        .int()
        .min(1)
        .max(Number.MAX_SAFE_INTEGER)
        .nullish()
        .describe('fixed part, cents'),
      basisPoints: z
        .number(coded('INVALID_SPLIT', 'basisPoints must be an integer from 1 to 10000 (1 = 0.01 %)'))
        .int()
        .min(1)
        .max(10_000)
        .nullish()
        .describe('percentage of the amount in basis points (2500 = 25 %), rounded down to the cent'),
    },
    coded('INVALID_SPLIT', 'each split instruction must be an object'),
  )
  .strict();

/**
 * The `splits` field of a charge: the recipients' parts and who pays the PIX fee. Checked
 * here without the charge's amount or the database: shapes, at most MAX_SPLIT_RECIPIENTS
 * recipients, each with exactly one of `amount` or `basisPoints`, no recipient twice, a
 * fee-paying recipient that is one of them. Every message names the instruction at fault
 * (`splits.recipients[2].basisPoints`); `checkSplitFits` adds the rules that need the amount.
 */
export const SplitsField = transform(
  z
    .object(
      {
        feePayer: z
          .enum(SPLIT_FEE_PAYERS, INVALID_SPLIT(`splits.feePayer must be one of ${SPLIT_FEE_PAYERS.join(', ')}`, 'splits.feePayer'))
          .nullish()
          .describe('who pays the PIX fee: MARKETPLACE (default), PRO_RATA, or RECIPIENT (the one named by feeRecipientId)'),
        feeRecipientId: z.string(INVALID_SPLIT('splits.feeRecipientId must be the id of one of the recipients', 'splits.feeRecipientId')).max(RECIPIENT_ID_MAX).nullish(),
        recipients: z
          .array(Instruction, INVALID_SPLIT('splits.recipients must be a list of instructions', 'splits.recipients'))
          .min(1, { message: codedMessage('INVALID_SPLIT', 'splits.recipients needs at least one instruction', 'splits.recipients') })
          .max(MAX_SPLIT_RECIPIENTS, {
            message: codedMessage('SPLIT_TOO_MANY_RECIPIENTS', `a charge may be split with at most ${MAX_SPLIT_RECIPIENTS} recipients`, 'splits.recipients'),
          }),
      },
      INVALID_SPLIT('splits must be an object with recipients', 'splits'),
    )
    .strict(),
  (s, ctx): SplitPlan => {
    const recipients: SplitInstruction[] = [];
    for (const [i, r] of s.recipients.entries()) {
      const at = `splits.recipients[${i}]`;
      const { recipientId, amount, basisPoints } = r;
      if ((amount != null) === (basisPoints != null)) {
        return issue(ctx, 'INVALID_SPLIT', `${at} needs exactly one of amount (cents) or basisPoints`, [], { field: at, details: { index: i } }) ?? z.NEVER;
      }
      if (recipients.some((r) => r.recipientId === recipientId)) {
        return issue(ctx, 'SPLIT_DUPLICATE_RECIPIENT', `${at}: recipient ${recipientId} appears twice`, [], { field: `${at}.recipientId`, details: { index: i } }) ?? z.NEVER;
      }
      recipients.push({ recipientId, amount: amount ?? null, basisPoints: basisPoints ?? null });
    }
    const feePayer = s.feePayer ?? 'MARKETPLACE';
    const feeRecipientId = s.feeRecipientId ?? null;
    if (feePayer === 'RECIPIENT' && !recipients.some((r) => r.recipientId === feeRecipientId)) {
      return issue(ctx, 'INVALID_SPLIT', 'splits.feeRecipientId must name one of the recipients when feePayer is RECIPIENT', [], { field: 'splits.feeRecipientId' }) ?? z.NEVER;
    }
    if (feePayer !== 'RECIPIENT' && feeRecipientId !== null) {
      return issue(ctx, 'INVALID_SPLIT', 'splits.feeRecipientId is only for feePayer RECIPIENT', [], { field: 'splits.feeRecipientId' }) ?? z.NEVER;
    }
    return { feePayer, feeRecipientId, recipients };
  },
)
  .nullish()
  .describe(`marketplaces: the recipients' parts of this charge (at most ${MAX_SPLIT_RECIPIENTS}); the remainder goes to the marketplace`);
