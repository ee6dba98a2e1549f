import { DomainError } from '../shared/errors';
import type { User } from './accounts.types';

/** The errors and guards every accounts use case and both doors share. */

export const invalidCredentials = () => new DomainError('INVALID_CREDENTIALS', 'e-mail or password is wrong', 'UNAUTHENTICATED');

export const unauthenticated = (message = 'missing, invalid or revoked credential') => new DomainError('UNAUTHENTICATED', message, 'UNAUTHENTICATED');

export function requireOperator(user: User): void {
  if (user.role !== 'OPERATOR') throw new DomainError('OPERATOR_ONLY', 'only operators may do this', 'FORBIDDEN');
}
