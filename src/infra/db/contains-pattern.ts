/** LIKE pattern for a case-insensitive substring, with the wildcards of the term escaped (escape char `!`). */
export const containsPattern = (term: string): string => `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
