export const CONTRACT_FILE: string;
export const SCHEMA_FILE: string;
export function schemaSource(documentText?: string): Promise<string>;
