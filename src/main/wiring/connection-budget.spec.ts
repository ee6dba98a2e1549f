import { describe, expect, it } from 'vitest';
import { CLAIM_BATCHES_IN_FLIGHT, RECORD_BATCHES_IN_FLIGHT } from '../../infra/webhooks/pg-delivery-work';
import { connectionBudget } from './connection-budget';

describe('the connection budget of a process', () => {
  it('a worker on PostgreSQL: the ORM pool, the webhook pools sized by their batches in flight, and LISTEN; the documented 30 by default', () => {
    const b = connectionBudget({ poolSize: 20, embedded: false, runsWorkers: true });
    expect(b).toEqual({ orm: 20, webhookDurable: RECORD_BATCHES_IN_FLIGHT + 2, webhookRelaxed: CLAIM_BATCHES_IN_FLIGHT + 1, listen: 1, total: 30 });
    expect(b.total).toBe(b.orm + b.webhookDurable + b.webhookRelaxed + b.listen);
  });

  it('an api-only process opens the ORM pool only', () => {
    expect(connectionBudget({ poolSize: 20, embedded: false, runsWorkers: false })).toEqual({ orm: 20, webhookDurable: 0, webhookRelaxed: 0, listen: 0, total: 20 });
  });

  it('the embedded database: one connection for everything', () => {
    expect(connectionBudget({ poolSize: 20, embedded: true, runsWorkers: true }).total).toBe(1);
  });
});
