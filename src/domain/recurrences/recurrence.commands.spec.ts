import { describe, expect, it } from 'vitest';
import type { Seller } from '../accounts/accounts.types';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { UnitOfWork } from '../shared/unit-of-work';
import { DomainError } from '../shared/errors';
import { recurrenceCommands } from './recurrence.commands';
import type { RecurrencesService } from './recurrences.service';

/** Never reached: the refusal comes before the idempotency key is claimed. */
const untouched = {} as IdempotencyService;

describe('recurrenceCommands without an institution that takes recurrences', () => {
  it('opens no recurrence: 503 INSTITUTION_NOT_CONFIGURED, nothing asked of the service', async () => {
    let opened = 0;
    const recurrences = {
      assertReady: () => {
        throw new DomainError('INSTITUTION_NOT_CONFIGURED', 'none', 'UNAVAILABLE');
      },
      open: async () => (opened += 1),
    } as unknown as RecurrencesService;
    const commands = recurrenceCommands({ uow: {} as UnitOfWork, idempotency: untouched, recurrences, sandbox: false });
    const seller = { id: 's_1', kycStatus: 'APPROVED' } as Seller;
    await expect(commands.createRecurrence({ seller, input: {}, idempotencyKey: 'k-1' })).rejects.toMatchObject({ code: 'INSTITUTION_NOT_CONFIGURED' });
    expect(opened).toBe(0);
  });
});
