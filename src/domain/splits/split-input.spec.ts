import { describe, expect, it } from 'vitest';
import { parseWith } from '../shared/zod-input';
import { SplitsField } from './split-input';
import { MAX_SPLIT_RECIPIENTS } from './split.types';

const parse = (splits: unknown) => parseWith(SplitsField, splits);
const refusal = (splits: unknown) => {
  try {
    parse(splits);
  } catch (e) {
    return e as { code: string; message: string; details?: { field?: string } };
  }
  throw new Error('accepted');
};

describe('the splits field of a charge', () => {
  it('reads fixed and percentage instructions; the marketplace pays the fee by default', () => {
    expect(parse({ recipients: [{ recipientId: 'sel_a', amount: 500 }, { recipientId: 'sel_b', basisPoints: 2500 }] })).toEqual({
      feePayer: 'MARKETPLACE',
      feeRecipientId: null,
      recipients: [
        { recipientId: 'sel_a', amount: 500, basisPoints: null },
        { recipientId: 'sel_b', amount: null, basisPoints: 2500 },
      ],
    });
    expect(parse(undefined)).toBeUndefined();
  });

  it('names the instruction at fault', () => {
    const both = refusal({ recipients: [{ recipientId: 'a', amount: 1 }, { recipientId: 'b', amount: 1, basisPoints: 10 }] });
    expect(both).toMatchObject({ code: 'INVALID_SPLIT', details: { field: 'splits.recipients[1]' } });
    expect(both.message).toContain('splits.recipients[1]');
    expect(refusal({ recipients: [{ recipientId: 'a' }] })).toMatchObject({ code: 'INVALID_SPLIT', details: { field: 'splits.recipients[0]' } });
    expect(refusal({ recipients: [{ recipientId: 'a', basisPoints: 10_001 }] })).toMatchObject({ code: 'INVALID_SPLIT', details: { field: 'recipients.0.basisPoints' } });
    expect(refusal({ recipients: [{ recipientId: 'a', amount: 1.5 }] })).toMatchObject({ code: 'INVALID_SPLIT', details: { field: 'recipients.0.amount' } });
    expect(refusal({ recipients: [{ recipientId: 'a', amount: 1, extra: 1 }] })).toMatchObject({ code: 'UNKNOWN_FIELD' });
  });

  it('refuses a recipient twice, too many recipients, and a fee payer that is not a recipient', () => {
    expect(refusal({ recipients: [{ recipientId: 'a', amount: 1 }, { recipientId: 'a', amount: 2 }] })).toMatchObject({
      code: 'SPLIT_DUPLICATE_RECIPIENT',
      details: { field: 'splits.recipients[1].recipientId' },
    });
    const many = Array.from({ length: MAX_SPLIT_RECIPIENTS + 1 }, (_, i) => ({ recipientId: `r${i}`, amount: 1 }));
    expect(refusal({ recipients: many }).code).toBe('SPLIT_TOO_MANY_RECIPIENTS');
    expect(refusal({ recipients: [] }).code).toBe('INVALID_SPLIT');
    expect(refusal({ feePayer: 'RECIPIENT', feeRecipientId: 'z', recipients: [{ recipientId: 'a', amount: 1 }] })).toMatchObject({
      code: 'INVALID_SPLIT',
      details: { field: 'splits.feeRecipientId' },
    });
    expect(refusal({ feePayer: 'NOBODY', recipients: [{ recipientId: 'a', amount: 1 }] }).code).toBe('INVALID_SPLIT');
    expect(parse({ feePayer: 'RECIPIENT', feeRecipientId: 'a', recipients: [{ recipientId: 'a', amount: 1 }] })?.feeRecipientId).toBe('a');
  });
});
