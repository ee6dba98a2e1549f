/** A text in Brazilian Portuguese and in English, side by side so neither is forgotten. */
export type Label = readonly [pt: string, en: string];

/** Labels of one family of codes (statuses of one kind, the API's error codes...). */
export type Labels = Readonly<Record<string, Label>>;

/** The label of `code` in the locale, or undefined when the family has none. */
export function labelOf(labels: Labels, code: string, locale: 'pt-BR' | 'en'): string | undefined {
  const label = Object.prototype.hasOwnProperty.call(labels, code) ? labels[code] : undefined;
  return label?.[locale === 'en' ? 1 : 0];
}
