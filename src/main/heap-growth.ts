import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection
 * before it collects again: 100 means twice the live heap.
 *
 * Left to itself, V8 picks the factor from how cheap its collections are, up to four
 * times. An api instance holds about 50 MB live, while every request leaves garbage
 * that outlives the young generation; under a steady create load the heap then reached
 * about 190 MB before each full collection, and the process about 300 MB of RSS. At
 * twice the live heap it stays near 100 MB (RSS near 200 MB), with as many full
 * collections in the runs measured and the same CPU per request; see
 * docs/operate/configuration.md for the measurement.
 */
export const HEAP_GROWING_PERCENT = 100;

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets V8's heap growing factor for this process, unless node's command line chose its
 * own (`node --heap-growing-percent=0 ...` gives V8's adaptive choice back). V8 reads
 * the factor at each full collection, so setting it once the process runs takes effect
 * at the next one. Answers whether it set it.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, set: (flags: string) => void = setFlagsFromString): boolean {
  if (execArgv.some((a) => FLAG.test(a))) return false;
  set(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
