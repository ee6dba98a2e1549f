import { BILLING_LABELS } from './billing-labels';
import { BADGE_LABELS, ENUM_LABELS, PIX_KEY_TYPE_LABELS } from './enum-labels';
import { EVENT_LABELS } from './event-labels';
import { ERROR_LABELS } from './error-labels';
import { labelOf, type Labels } from './label';

/** The families of codes the dashboard shows, each with its labels. */
export const CODE_FAMILIES = {
  ...ENUM_LABELS,
  ...BILLING_LABELS,
  PixKeyType: PIX_KEY_TYPE_LABELS,
  Badge: BADGE_LABELS,
  Event: EVENT_LABELS,
} satisfies Record<string, Labels>;

export type CodeFamily = keyof typeof CODE_FAMILIES;

/** A code's label in the locale; a code that has none (a value newer than this app) is shown as it came. */
export const codeLabel = (family: CodeFamily, code: string, locale: 'pt-BR' | 'en'): string => labelOf(CODE_FAMILIES[family], code, locale) ?? code;

/** What an error code means in the locale; the API's own message for a code this app does not know yet. */
export const errorLabel = (code: string, apiMessage: string, locale: 'pt-BR' | 'en'): string => labelOf(ERROR_LABELS, code, locale) ?? apiMessage;
