// node-postgres exports its lib/ modules (package.json "exports": "./lib/*"); @types/pg
// describes only the main entry. These are the two pieces the pipelined batch uses.
declare module 'pg/lib/result' {
  export default class Result {
    rows: unknown[];
    addFields(fields: unknown[]): void;
    parseRow(fields: unknown[]): unknown;
    addRow(row: unknown): void;
    addCommandComplete(msg: { text: string }): void;
  }
}

declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
