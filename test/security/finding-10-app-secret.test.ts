import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { PRODUCTION_TEST_SECRETS } from '../support/app';

/** Issue #34, finding 10: production accepted the public development APP_SECRET and any predictable value. */
const production = (env: Record<string, string>) => () => loadConfig({ MODE: 'production', ...PRODUCTION_TEST_SECRETS, ...env });

describe('finding 10: production refuses weak secrets at start', () => {
  it('refuses the public sandbox APP_SECRET, in one sentence that does not repeat it', () => {
    const start = production({ APP_SECRET: 'sandbox-development-secret-change-me-0000' });
    expect(start).toThrow(/^APP_SECRET is the public sandbox default; production needs a secret of its own/);
    expect(start).not.toThrow(/change-me/);
  });

  it.each([
    ['one letter repeated', 'p'.repeat(40)],
    ['two letters', 'ab'.repeat(20)],
    ['a few letters and digits', 'aaaaaaaabbbbbbbb1111111122222222'],
  ])('refuses a low-entropy APP_SECRET (%s)', (_what, value) => {
    expect(production({ APP_SECRET: value })).toThrow(/^APP_SECRET is too predictable for production \(about \d+ bits, at least 100 needed/);
  });

  it('checks the accepted and callback secrets alike', () => {
    expect(production({ APP_SECRET_ACCEPTED: 'x'.repeat(32) })).toThrow(/APP_SECRET_ACCEPTED is too predictable/);
    expect(production({ INSTITUTION_CALLBACK_SECRET: '0'.repeat(64) })).toThrow(/INSTITUTION_CALLBACK_SECRET is too predictable/);
  });

  it('accepts random secrets (openssl rand -hex 32 or -hex 16) and leaves the sandbox alone', () => {
    expect(production({})().APP_SECRET).toBe(PRODUCTION_TEST_SECRETS.APP_SECRET);
    expect(production({ APP_SECRET: '4b12c67469cdf345241f8b45c5516dfb' })().MODE).toBe('production');
    expect(loadConfig({ APP_SECRET: 'p'.repeat(40) }).MODE).toBe('sandbox');
  });
});
