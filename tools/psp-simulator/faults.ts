/** Faults the control API switches on: slow answers, failing answers, a token endpoint that is down. */
export interface Faults {
  /** Every API Pix request (and the token endpoint's) waits this long before it is handled. */
  latencyMs: number;
  /** The request is handled at once, its answer waits this long (the PSP did the work; the client may time out first). */
  answerDelayMs: number;
  /** The next N API Pix requests answer `failStatus`; -1 keeps failing until cleared. */
  failNext: number;
  failStatus: 500 | 503 | 504;
  /** Only requests whose path matches fail or wait (a regular expression); all when absent. */
  pathPattern?: string;
  /** The token endpoint answers 503. */
  tokenEndpointDown: boolean;
}

export const noFaults = (): Faults => ({ latencyMs: 0, answerDelayMs: 0, failNext: 0, failStatus: 503, tokenEndpointDown: false });

export function appliesTo(faults: Faults, path: string): boolean {
  return faults.pathPattern === undefined || new RegExp(faults.pathPattern).test(path);
}

/** Whether this request fails, consuming one of `failNext`. */
export function takeFailure(faults: Faults, path: string): boolean {
  if (faults.failNext === 0 || !appliesTo(faults, path)) return false;
  if (faults.failNext > 0) faults.failNext--;
  return true;
}
