import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { AbuseLimits } from './abuse-limits';
import { GuardedStore } from './guarded-store';
import { RateLimitService } from './rate-limit.service';
import { UnauthenticatedBudget } from './unauthenticated-budget';
import { isRateLimited } from './rate-limited.error';
import type { RateLimitStore, SellerRateLimitRepository, TokenBucketStore } from './rate-limits.ports';
import { take, type BucketPolicy, type BucketState } from './token-bucket';

/** A counting store without windows ending (the tests never outlive one). */
class CountingStore implements RateLimitStore {
  readonly counts = new Map<string, number>();
  broken = false;
  async consume(bucket: string, key: string, _p: unknown, cost: number) {
    if (this.broken) throw new Error('connection refused');
    const n = (this.counts.get(`${bucket}/${key}`) ?? 0) + cost;
    this.counts.set(`${bucket}/${key}`, n);
    return { consumed: n, resetSeconds: 42.3 };
  }
  async peek(bucket: string, key: string) {
    if (this.broken) throw new Error('connection refused');
    const n = this.counts.get(`${bucket}/${key}`);
    return n === undefined ? null : { consumed: n, resetSeconds: 42.3 };
  }
  async ping() {
    return !this.broken;
  }
}

/** Token buckets on a hand-moved clock. */
class ClockedBuckets implements TokenBucketStore {
  readonly states = new Map<string, BucketState | undefined>();
  broken = false;
  constructor(private readonly clock: ManualClock) {}
  async take(bucket: string, key: string, policy: BucketPolicy, cost: number) {
    if (this.broken) throw new Error('connection refused');
    const r = take(this.states.get(`${bucket}/${key}`), this.clock.now().getTime(), policy, cost);
    this.states.set(`${bucket}/${key}`, r.state);
    return { allowed: r.allowed, level: r.level };
  }
}

/** Both kinds of store of one backend, failing together. */
function backend(clock: ManualClock) {
  const windows = new CountingStore();
  const buckets = new ClockedBuckets(clock);
  return {
    windows,
    buckets,
    set broken(b: boolean) {
      windows.broken = b;
      buckets.broken = b;
    },
  };
}

class Overrides implements SellerRateLimitRepository {
  readonly rows = new Map<string, Record<string, number>>();
  async overrides(sellerId: string) {
    return { ...(this.rows.get(sellerId) ?? {}) };
  }
  async set(sellerId: string, c: string, perMinute: number | null) {
    const row = this.rows.get(sellerId) ?? {};
    if (perMinute === null) delete row[c];
    else row[c] = perMinute;
    this.rows.set(sellerId, row);
  }
}

const DEFAULTS = { creates: 3, reads: 5, lists: 2, webhooks: 2, public: 2 };
const operator = { role: 'OPERATOR' } as never;

function setup(burstSeconds?: number) {
  const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
  const shared = backend(clock);
  const local = backend(clock);
  const events: string[] = [];
  const store = new GuardedStore(shared, local, { down: () => events.push('down'), recovered: () => events.push('up') });
  const overrides = new Overrides();
  const limits = new RateLimitService(store, overrides, DEFAULTS, clock, burstSeconds);
  return { clock, shared, local, events, store, overrides, limits, abuse: new AbuseLimits(store) };
}

async function refusal(p: Promise<unknown>) {
  const e = await p.then(() => null, (err: unknown) => err);
  if (!isRateLimited(e)) throw new Error(`expected RATE_LIMITED, got ${String(e)}`);
  return e;
}

describe('RateLimitService', () => {
  it('serves a seller up to its class budget, then refuses with a whole-second retry hint', async () => {
    const { limits } = setup();
    const first = await limits.forSeller('s1', 'creates');
    // 3 per minute: one request drains in 20 s.
    expect(first).toMatchObject({ name: 'creates', allowed: true, remaining: 2, resetSeconds: 20, counted: true, policy: { points: 3, windowSeconds: 60 } });
    await limits.forSeller('s1', 'creates');
    await limits.forSeller('s1', 'creates');
    const e = await refusal(limits.forSeller('s1', 'creates'));
    expect(e.code).toBe('RATE_LIMITED');
    expect(e.kind).toBe('RATE_LIMITED');
    expect(e.details).toEqual({ retryAfterSeconds: 20, limit: 'creates' });
    // Other classes and other sellers have budgets of their own.
    await expect(limits.forSeller('s1', 'reads')).resolves.toMatchObject({ allowed: true });
    await expect(limits.forSeller('s2', 'creates')).resolves.toMatchObject({ allowed: true });
  });

  it('counts a cost of several points at once', async () => {
    const { limits } = setup();
    await expect(limits.forSeller('s1', 'lists', 2)).resolves.toMatchObject({ remaining: 0 });
    await refusal(limits.forSeller('s1', 'lists'));
  });

  it("an operator's raised limit applies at once, null restores the default, only operators may change it", async () => {
    const { limits } = setup();
    for (let i = 0; i < 3; i++) await limits.forSeller('s1', 'creates');
    await refusal(limits.forSeller('s1', 'creates'));
    const after = await limits.setLimit(operator, 's1', 'creates', 10);
    expect(after).toContainEqual({ limitClass: 'creates', perMinute: 10, custom: true });
    expect(after).toContainEqual({ limitClass: 'reads', perMinute: 5, custom: false });
    await expect(limits.forSeller('s1', 'creates')).resolves.toMatchObject({ allowed: true, policy: { points: 10 } });
    await limits.setLimit(operator, 's1', 'creates', null);
    await refusal(limits.forSeller('s1', 'creates'));
    await expect(limits.setLimit({ role: 'USER' } as never, 's1', 'creates', 10)).rejects.toMatchObject({ code: 'OPERATOR_ONLY' });
    await expect(limits.setLimit(operator, 's1', 'public', 10)).rejects.toMatchObject({ code: 'INVALID_LIMIT_CLASS' });
    await expect(limits.setLimit(operator, 's1', 'creates', 0)).rejects.toMatchObject({ code: 'INVALID_RATE_LIMIT' });
    await expect(limits.setLimit(operator, 's1', 'creates', 1.5)).rejects.toMatchObject({ code: 'INVALID_RATE_LIMIT' });
  });

  it('with the shared store down, creates count in process and reads are served uncounted; the outage is reported once', async () => {
    const { limits, shared, local, events } = setup();
    shared.broken = true;
    for (let i = 0; i < 3; i++) await limits.forSeller('s1', 'creates');
    await refusal(limits.forSeller('s1', 'creates'));
    expect(local.buckets.states.get('creates/seller:s1')?.level).toBe(3);
    for (let i = 0; i < 10; i++) await expect(limits.forSeller('s1', 'reads')).resolves.toMatchObject({ allowed: true, counted: false });
    expect(events).toEqual(['down']);
    shared.broken = false;
    await expect(limits.forSeller('s1', 'reads')).resolves.toMatchObject({ counted: true, remaining: 4 });
    expect(events).toEqual(['down', 'up']);
  });
});

describe('RateLimitService token buckets', () => {
  it('refills continuously at the budget rate: no window reset hands back a whole budget at once', async () => {
    const { limits, clock } = setup();
    for (let i = 0; i < 3; i++) await limits.forSeller('s1', 'creates');
    const refused = await refusal(limits.forSeller('s1', 'creates'));
    expect(refused.details).toMatchObject({ retryAfterSeconds: 20 });
    clock.advance(19_999);
    await refusal(limits.forSeller('s1', 'creates'));
    clock.advance(1);
    await expect(limits.forSeller('s1', 'creates')).resolves.toMatchObject({ allowed: true, remaining: 0 });
    await refusal(limits.forSeller('s1', 'creates'));
    clock.advance(60_000);
    await expect(limits.forSeller('s1', 'creates')).resolves.toMatchObject({ remaining: 2 });
  });

  it('a smaller burst allowance admits that many seconds worth at once, then the steady rate', async () => {
    const { limits, clock } = setup(20);
    // reads: 5 per minute; 20 s worth is 2 (rounded up).
    await limits.forSeller('s1', 'reads');
    await expect(limits.forSeller('s1', 'reads')).resolves.toMatchObject({ remaining: 0 });
    const e = await refusal(limits.forSeller('s1', 'reads'));
    expect(e.details).toMatchObject({ retryAfterSeconds: 12 });
    clock.advance(12_000);
    await expect(limits.forSeller('s1', 'reads')).resolves.toMatchObject({ allowed: true });
  });

  it('a request dearer than the whole burst is admitted from a full bucket only', async () => {
    const { limits, clock } = setup();
    await expect(limits.forSeller('s1', 'lists', 10)).resolves.toMatchObject({ allowed: true, remaining: 0 });
    await refusal(limits.forSeller('s1', 'lists', 10));
    clock.advance(60_000);
    await expect(limits.forSeller('s1', 'lists', 10)).resolves.toMatchObject({ allowed: true });
  });
});

describe('AbuseLimits', () => {
  const wrongCode = () => Promise.reject(new DomainError('INVALID_MFA_CODE', 'wrong', 'FORBIDDEN'));

  it('refuses attempts after 5 wrong codes for the user, even a right one; successes cost nothing', async () => {
    const { abuse } = setup();
    for (let i = 0; i < 20; i++) await expect(abuse.attempt('totp', { user: 'u1', address: '10.0.0.1' }, async () => 'ok')).resolves.toBe('ok');
    for (let i = 0; i < 5; i++) await expect(abuse.attempt('totp', { user: 'u1', address: '10.0.0.1' }, wrongCode)).rejects.toMatchObject({ code: 'INVALID_MFA_CODE' });
    const e = await refusal(abuse.attempt('totp', { user: 'u1', address: '10.0.0.2' }, async () => 'ok'));
    expect(e.decision).toMatchObject({ name: 'totp-user', allowed: false, remaining: 0 });
    // Another user from the same address still gets through until the address budget is spent.
    await expect(abuse.attempt('totp', { user: 'u2', address: '10.0.0.1' }, async () => 'ok')).resolves.toBe('ok');
  });

  it('counts failures per address across users', async () => {
    const { abuse } = setup();
    for (let i = 0; i < 20; i++) {
      await expect(abuse.attempt('login', { user: `user${i}@x.com`, address: '10.0.0.9' }, () => Promise.reject(new DomainError('INVALID_CREDENTIALS', 'no', 'UNAUTHENTICATED')))).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const e = await refusal(abuse.attempt('login', { user: 'fresh@x.com', address: '10.0.0.9' }, async () => 'ok'));
    expect(e.decision.name).toBe('login-address');
  });

  it('does not count errors that are not guesses', async () => {
    const { abuse, shared } = setup();
    for (let i = 0; i < 10; i++) {
      await expect(abuse.attempt('totp', { user: 'u1', address: 'a' }, () => Promise.reject(new DomainError('INSUFFICIENT_BALANCE', 'no', 'UNPROCESSABLE')))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    expect(shared.windows.counts.size).toBe(0);
  });
});

describe('UnauthenticatedBudget', () => {
  it('requests without a credential spend it at once; past it they are refused with a Retry-After', async () => {
    const { store } = setup();
    const budget = new UnauthenticatedBudget(store, 3);
    for (let i = 0; i < 3; i++) await expect(budget.admit('10.0.0.1', false)).resolves.toMatchObject({ allowed: true, remaining: 2 - i });
    const e = await refusal(budget.admit('10.0.0.1', false));
    expect(e.decision).toMatchObject({ name: 'unauthenticated', allowed: false, remaining: 0, resetSeconds: 43 });
    // Another address has a budget of its own.
    await expect(budget.admit('10.0.0.2', false)).resolves.toMatchObject({ allowed: true });
  });

  it('a credential goes through without spending; each failed one spends; once spent, credentials are refused before any lookup', async () => {
    const { store, shared } = setup();
    const budget = new UnauthenticatedBudget(store, 3);
    for (let i = 0; i < 10; i++) await budget.admit('10.0.0.1', true);
    expect(shared.windows.counts.get('unauthenticated/10.0.0.1')).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      await budget.admit('10.0.0.1', true);
      await budget.failed('10.0.0.1');
    }
    expect((await refusal(budget.admit('10.0.0.1', true))).decision).toMatchObject({ name: 'unauthenticated', allowed: false });
    await refusal(budget.admit('10.0.0.1', false));
  });

  it('keeps counting in the process while the shared store is away', async () => {
    const { store, shared, local } = setup();
    shared.broken = true;
    const budget = new UnauthenticatedBudget(store, 1);
    await budget.admit('10.0.0.1', false);
    await refusal(budget.admit('10.0.0.1', false));
    expect(local.windows.counts.get('unauthenticated/10.0.0.1')).toBe(2);
  });
});
