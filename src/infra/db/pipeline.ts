import Result from 'pg/lib/result';
import { prepareValue } from 'pg/lib/utils';

export interface Statement {
  text: string;
  values: unknown[];
  /**
   * A named prepared statement: parsed once per connection (node-postgres' record of
   * what a connection has parsed, `parsedStatements`, is kept), then only bound and executed.
   */
  name?: string;
}

/** The protocol writer node-postgres hands to a submittable query. */
interface Wire {
  stream: { cork?(): void; uncork?(): void };
  /** What this connection has prepared, by name (node-postgres' own record). */
  parsedStatements?: Record<string, string>;
  close(m: { type: 'S'; name: string }): void;
  parse(m: { text: string; name?: string; types?: number[] }): void;
  bind(m: { portal?: string; statement?: string; values: unknown[] }): void;
  describe(m: { type: 'P' | 'S'; name: string }): void;
  execute(m: { portal?: string; rows?: number }): void;
  sync(): void;
}

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/**
 * Several statements sent in one write and answered in one round trip: each is parsed,
 * bound and executed in turn, with a single Sync at the end (PostgreSQL's pipelining of
 * the extended query protocol). After an error the server skips the rest up to the
 * Sync, so a failed batch has run nothing past the failing statement; inside an explicit
 * transaction the caller then rolls back. Handed to `client.query()` as a submittable,
 * the extension point node-postgres offers for custom protocol flows (as pg-cursor uses).
 */
export class PipelinedBatch {
  readonly done: Promise<unknown[][]>;
  private resolve!: (rows: unknown[][]) => void;
  private reject!: (e: unknown) => void;
  private readonly results: Result[] = [];
  private current = 0;
  private failed: unknown = null;
  private wire?: Wire;
  /** Named statements this batch parses: recorded as prepared only if the whole batch succeeds. */
  private readonly parsing: Statement[] = [];

  constructor(private readonly statements: Statement[]) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    for (let i = 0; i < statements.length; i++) this.results.push(new Result());
  }

  /** Returning an error (nothing sent) makes node-postgres call `handleError` and move on. */
  submit(wire: Wire): Error | undefined {
    let values: unknown[][];
    try {
      // Every value is converted before anything is written: a half-sent batch would run its first statements.
      values = this.statements.map((s) => s.values.map((v) => prepareValue(v)));
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
    this.wire = wire;
    wire.stream.cork?.();
    try {
      this.statements.forEach((s, i) => {
        if (s.name === undefined) wire.parse({ text: s.text });
        else if (wire.parsedStatements?.[s.name] !== s.text && !this.parsing.some((p) => p.name === s.name)) {
          // A failed batch may have left it prepared, or not: closing a statement that does
          // not exist is no error, so closing first makes the parse safe either way.
          wire.close({ type: 'S', name: s.name });
          wire.parse({ text: s.text, name: s.name });
          this.parsing.push(s);
        }
        wire.bind({ statement: s.name ?? '', values: values[i]! });
        wire.describe({ type: 'P', name: '' });
        wire.execute({});
      });
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return undefined;
  }

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    this.results[this.current]?.addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    const result = this.results[this.current];
    if (!result || this.failed) return;
    try {
      result.addRow(result.parseRow(msg.fields));
    } catch (e) {
      this.failed = e;
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    this.results[this.current]?.addCommandComplete(msg);
    this.current++;
  }

  handleEmptyQuery(): void {
    this.current++;
  }

  handleError(error: unknown): void {
    this.failed ??= error;
    // node-postgres stops routing messages to a query after its error and sends no
    // ReadyForQuery to it, so the batch settles here.
    this.reject(this.failed);
  }

  handleReadyForQuery(): void {
    if (this.failed) {
      this.reject(this.failed);
      return;
    }
    const parsed = this.wire?.parsedStatements;
    if (parsed) for (const s of this.parsing) parsed[s.name!] = s.text;
    this.resolve(this.results.map((r) => r.rows));
  }

  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}
