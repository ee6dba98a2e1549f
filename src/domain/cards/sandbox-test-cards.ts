import type { CardBrand } from './card-brand';

/** Why a card payment was refused (`refusedReason`). Names are ours; SPEC leaves the list open. */
export const CARD_REFUSAL_REASONS = ['INSUFFICIENT_FUNDS', 'EXPIRED_CARD', 'FRAUD_SUSPECTED', 'CARD_NOT_ACCEPTED'] as const;
export type CardRefusalReason = (typeof CARD_REFUSAL_REASONS)[number];

export type SandboxCardOutcome = { approved: true } | { approved: false; reason: CardRefusalReason };

/**
 * SPEC, Sandbox: four test card numbers, one per outcome, each of a different brand.
 * Any 3-digit CVV, any future expiry and any holder name are accepted with them.
 */
export const SANDBOX_TEST_CARDS: readonly { number: string; brand: CardBrand; outcome: SandboxCardOutcome }[] = [
  { number: '4111111111111111', brand: 'VISA', outcome: { approved: true } },
  { number: '5555555555554444', brand: 'MASTERCARD', outcome: { approved: false, reason: 'INSUFFICIENT_FUNDS' } },
  { number: '378282246310005', brand: 'AMEX', outcome: { approved: false, reason: 'EXPIRED_CARD' } },
  { number: '6362970000457013', brand: 'ELO', outcome: { approved: false, reason: 'FRAUD_SUSPECTED' } },
];

/** The sandbox acquirer's answer: the test cards give their outcome; any other (valid) number is refused with CARD_NOT_ACCEPTED. */
export function sandboxCardOutcome(number: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS.find((c) => c.number === number)?.outcome ?? { approved: false, reason: 'CARD_NOT_ACCEPTED' };
}
