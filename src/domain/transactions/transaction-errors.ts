import { DomainError } from '../shared/errors';

export const transactionNotFound = () => new DomainError('TRANSACTION_NOT_FOUND', 'transaction not found', 'NOT_FOUND');
