import { expect } from 'vitest';
import { DomainError, type ErrorKind } from '../../src/domain/shared/errors';

/**
 * The code of the DomainError that `fn` throws, or undefined when it returns; any other
 * error is rethrown. With `kind`, the error must also be of that kind.
 */
export function codeOf(fn: () => unknown, kind?: ErrorKind): string | undefined {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    if (kind) expect(e.kind, e.code).toBe(kind);
    return e.code;
  }
  return undefined;
}
