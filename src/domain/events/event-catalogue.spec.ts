import { describe, expect, it } from 'vitest';
import { DISPUTE_STATUSES } from '../disputes/dispute-status';
import { disputeEventNames } from '../disputes/dispute-events';
import { TRANSACTION_STATUSES, transactionEventName } from '../transactions/transaction-status';
import { WITHDRAWAL_STATUSES, withdrawalEventName } from '../withdrawals/withdrawal-status';
import { EVENT_CATALOGUE, EVENT_RESOURCES, isEventName, resourceOfEvent } from './event-catalogue';

const names = EVENT_CATALOGUE.map((e) => e.name);

describe('the event catalogue', () => {
  it('names every event once, each with one resource', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(EVENT_CATALOGUE.map((e) => e.resource))).toEqual(new Set(EVENT_RESOURCES));
  });

  it("holds every status's event and the creation events (SPEC: <RESOURCE>_<STATUS>)", () => {
    for (const s of TRANSACTION_STATUSES) expect(resourceOfEvent(transactionEventName(s))).toBe('TRANSACTION');
    for (const s of WITHDRAWAL_STATUSES) expect(resourceOfEvent(withdrawalEventName(s))).toBe('WITHDRAWAL');
    expect(resourceOfEvent('TRANSACTION_CREATED')).toBe('TRANSACTION');
    expect(resourceOfEvent('WITHDRAWAL_CREATED')).toBe('WITHDRAWAL');
    const disputeEvents = DISPUTE_STATUSES.flatMap((s) => [...disputeEventNames(s, 'MED'), ...disputeEventNames(s, 'CONTESTATION')]);
    expect(new Set(disputeEvents)).toEqual(new Set(EVENT_CATALOGUE.filter((e) => e.resource === 'DISPUTE').map((e) => e.name)));
  });

  it("names each event by its resource (MED_ events are disputes')", () => {
    for (const { name, resource } of EVENT_CATALOGUE) {
      expect(name.startsWith(`${resource}_`) || (resource === 'DISPUTE' && name.startsWith('MED_DISPUTE_'))).toBe(true);
    }
  });

  it('knows a name outside the catalogue for what it is', () => {
    expect(isEventName('TRANSACTION_PAID')).toBe(true);
    expect(isEventName('TRANSACTION_PAYED')).toBe(false);
    expect(resourceOfEvent('WITHDRAWAL_SOMETHING_NEW')).toBeNull();
  });
});
