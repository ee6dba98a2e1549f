import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** A readable file stands in for certificates: the rules check only that each can be read. */
const readable = __filename;
const SECRET = 'client-secret-never-repeated';

const apipix = (extra: Record<string, string> = {}) => ({
  INSTITUTION: 'apipix',
  APIPIX_BASE_URL: 'https://pix.psp.example/v2',
  APIPIX_TOKEN_URL: 'https://oauth.psp.example/token',
  APIPIX_CLIENT_ID: 'pixpay',
  APIPIX_CLIENT_SECRET: SECRET,
  APIPIX_CERT_FILE: readable,
  APIPIX_KEY_FILE: readable,
  APIPIX_PIX_KEY: 'recebedor@pixpay.example',
  ...extra,
});

function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env as Record<string, string>);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
  return [];
}

describe('payment institution settings', () => {
  it('keeps the simulated institution by default and checks no APIPIX_ setting then', () => {
    expect(loadConfig({}).INSTITUTION).toBe('simulated');
    expect(loadConfig({ APIPIX_BASE_URL: 'http://psp.example' }).INSTITUTION).toBe('simulated');
  });

  it('accepts a complete apipix setup, with the generic profile and its defaults', () => {
    const c = loadConfig(apipix());
    expect([c.INSTITUTION, c.APIPIX_PROFILE, c.APIPIX_ALLOW_HTTP_LOOPBACK, c.APIPIX_TIMEOUT_MS]).toEqual(['apipix', 'generic', false, 8_000]);
    expect(loadConfig(apipix({ APIPIX_CERT_FILE: '', APIPIX_KEY_FILE: '', APIPIX_PFX_FILE: readable, APIPIX_PFX_PASSPHRASE: 'p' })).APIPIX_PFX_FILE).toBe(readable);
  });

  it.each([
    ['APIPIX_BASE_URL', 'INSTITUTION=apipix needs APIPIX_BASE_URL'],
    ['APIPIX_TOKEN_URL', 'INSTITUTION=apipix needs APIPIX_TOKEN_URL'],
    ['APIPIX_CLIENT_ID', 'INSTITUTION=apipix needs APIPIX_CLIENT_ID'],
    ['APIPIX_CLIENT_SECRET', 'INSTITUTION=apipix needs APIPIX_CLIENT_SECRET'],
    ['APIPIX_PIX_KEY', 'INSTITUTION=apipix needs APIPIX_PIX_KEY'],
  ])('without %s: one line naming it', (name, line) => {
    expect(problems(apipix({ [name]: '' }))).toEqual([line]);
  });

  it('lists every problem, one line each', () => {
    expect(problems({ INSTITUTION: 'apipix' })).toHaveLength(5);
  });

  it.each([
    [{ INSTITUTION: 'psp' }, 'INSTITUTION must be simulated or apipix, got "psp"'],
    [{ APIPIX_PROFILE: 'nubank' }, 'APIPIX_PROFILE must be one of generic, efi, inter, bb, sicoob, itau, got "nubank"'],
    [{ APIPIX_BASE_URL: 'ftp://psp.example' }, 'APIPIX_BASE_URL must be an https:// URL, got "ftp://psp.example"'],
    [{ APIPIX_ALLOW_HTTP_LOOPBACK: 'yes' }, 'APIPIX_ALLOW_HTTP_LOOPBACK must be true or false, got "yes"'],
    [{ APIPIX_TIMEOUT_MS: '5' }, 'APIPIX_TIMEOUT_MS must be a number of milliseconds from 100 to 60000, got "5"'],
  ])('refuses %o', (env, line) => {
    expect(problems(apipix(env as Record<string, string>))).toEqual([line]);
  });

  it('accepts http:// only on a loopback address and only with APIPIX_ALLOW_HTTP_LOOPBACK=true', () => {
    expect(problems(apipix({ APIPIX_BASE_URL: 'http://psp.example/v2' }))).toEqual([
      'APIPIX_BASE_URL must be an https:// URL (http:// is accepted only for a loopback address, for tests)',
    ]);
    expect(problems(apipix({ APIPIX_TOKEN_URL: 'http://127.0.0.1:8080/token' }))).toEqual([
      'APIPIX_TOKEN_URL is http:// on a loopback address: set APIPIX_ALLOW_HTTP_LOOPBACK=true to accept it (tests and local trials only)',
    ]);
    expect(problems(apipix({ APIPIX_BASE_URL: 'http://psp.example', APIPIX_ALLOW_HTTP_LOOPBACK: 'true' }))[0]).toMatch(/^APIPIX_BASE_URL must be an https:\/\/ URL/);
    const local = { APIPIX_BASE_URL: 'http://localhost:8080', APIPIX_TOKEN_URL: 'http://[::1]:8080/token', APIPIX_ALLOW_HTTP_LOOPBACK: 'true' };
    expect(loadConfig(apipix({ ...local, APIPIX_CERT_FILE: '', APIPIX_KEY_FILE: '' })).APIPIX_ALLOW_HTTP_LOOPBACK).toBe(true);
  });

  it('needs the client certificate one way: a PEM pair or a PKCS#12 file', () => {
    expect(problems(apipix({ APIPIX_CERT_FILE: '', APIPIX_KEY_FILE: '' }))).toEqual([
      'INSTITUTION=apipix needs the client certificate the PSP issued: APIPIX_CERT_FILE and APIPIX_KEY_FILE, or APIPIX_PFX_FILE',
    ]);
    expect(problems(apipix({ APIPIX_KEY_FILE: '' }))).toEqual(['APIPIX_CERT_FILE and APIPIX_KEY_FILE go together: the client certificate and its private key']);
    expect(problems(apipix({ APIPIX_PFX_FILE: readable }))).toEqual(['APIPIX_CERT_FILE and APIPIX_KEY_FILE, or APIPIX_PFX_FILE: give the client certificate one way, not both']);
    expect(problems(apipix({ APIPIX_PFX_PASSPHRASE: 'x' }))).toEqual(['APIPIX_PFX_PASSPHRASE is set without APIPIX_PFX_FILE']);
  });

  it('names a certificate or CA file that cannot be read', () => {
    expect(problems(apipix({ APIPIX_CA_FILE: '/nonexistent/ca.pem' }))).toEqual(['APIPIX_CA_FILE names a file that cannot be read: "/nonexistent/ca.pem"']);
    expect(problems(apipix({ APIPIX_KEY_FILE: '/nonexistent/key.pem' }))).toEqual(['APIPIX_KEY_FILE names a file that cannot be read: "/nonexistent/key.pem"']);
  });

  it('wants the receiving key as the DICT stores it', () => {
    expect(problems(apipix({ APIPIX_PIX_KEY: 'Recebedor@PixPay.example' }))[0]).toMatch(/^APIPIX_PIX_KEY must be a PIX key as the DICT stores it/);
    for (const key of ['52998224725', '11222333000181', '+5511987654321', '123e4567-e89b-42d3-a456-426614174000']) expect(problems(apipix({ APIPIX_PIX_KEY: key }))).toEqual([]);
  });

  it('reads the callback allowlist as addresses and CIDR ranges', () => {
    expect(problems(apipix({ APIPIX_CALLBACK_ALLOW: '203.0.113.0/24, 2001:db8::/32,198.51.100.7' }))).toEqual([]);
    expect(problems(apipix({ APIPIX_CALLBACK_ALLOW: '203.0.113.0/33,psp.example' }))).toEqual(['APIPIX_CALLBACK_ALLOW must list IP addresses or CIDR ranges, got "203.0.113.0/33,psp.example"']);
  });

  it("profile bb needs Banco do Brasil's application key", () => {
    expect(problems(apipix({ APIPIX_PROFILE: 'bb' }))).toEqual(["APIPIX_PROFILE=bb needs APIPIX_APP_KEY, Banco do Brasil's developer application key (gw-dev-app-key)"]);
    expect(problems(apipix({ APIPIX_PROFILE: 'bb', APIPIX_APP_KEY: 'k' }))).toEqual([]);
  });

  it('accepts the PSP simulator\'s control URL in the sandbox on API Pix, on a loopback address only', () => {
    const control = 'https://127.0.0.1:8443/_control';
    expect(loadConfig(apipix({ APIPIX_SIMULATOR_CONTROL_URL: control })).APIPIX_SIMULATOR_CONTROL_URL).toBe(control);
    expect(problems(apipix({ APIPIX_SIMULATOR_CONTROL_URL: 'https://psp.example/_control' }))).toEqual([
      'APIPIX_SIMULATOR_CONTROL_URL must be on a loopback address (the PSP simulator listens on 127.0.0.1 only)',
    ]);
    expect(problems(apipix({ APIPIX_SIMULATOR_CONTROL_URL: 'http://127.0.0.1:8080/_control' }))).toEqual([
      'APIPIX_SIMULATOR_CONTROL_URL is http:// on a loopback address: set APIPIX_ALLOW_HTTP_LOOPBACK=true to accept it (tests and local trials only)',
    ]);
    expect(problems({ APIPIX_SIMULATOR_CONTROL_URL: control })).toEqual(['APIPIX_SIMULATOR_CONTROL_URL needs INSTITUTION=apipix (the simulated institution pays its charges itself)']);
  });

  it('production refuses the PSP simulator\'s control URL at start, in one line', () => {
    const production = { MODE: 'production', APP_SECRET: 'a'.repeat(8) + 'Zq3#kP9!mW2$vX7&nR4@tY6^', INSTITUTION_CALLBACK_SECRET: 'b'.repeat(8) + 'Hj5%Lp8*Qs1(Dw4)Fg7_Ke2+' };
    expect(problems({ ...apipix(), ...production })).toEqual([]);
    expect(problems({ ...apipix({ APIPIX_SIMULATOR_CONTROL_URL: 'https://127.0.0.1:8443/_control' }), ...production })).toEqual([
      'APIPIX_SIMULATOR_CONTROL_URL is a sandbox setting: production mode refuses it (a simulator would pay its charges)',
    ]);
  });

  it('never repeats the client secret or the PFX passphrase', () => {
    const lines = problems(apipix({ INSTITUTION: 'nope', APIPIX_PFX_PASSPHRASE: 'pfx-passphrase-secret' })).join('\n');
    expect(lines).not.toContain(SECRET);
    expect(lines).not.toContain('pfx-passphrase-secret');
  });
});

describe('payout settings', () => {
  it('simulated by default; efi needs INSTITUTION=apipix, whose connection it reuses', () => {
    expect(loadConfig({}).PAYOUT_PROVIDER).toBe('simulated');
    expect(problems({ PAYOUT_PROVIDER: 'efi' })).toEqual(['PAYOUT_PROVIDER=efi needs INSTITUTION=apipix (payouts use its OAuth2 client, certificate and settings)']);
    const c = loadConfig(apipix({ PAYOUT_PROVIDER: 'efi' }));
    expect([c.PAYOUT_PROVIDER, c.PAYOUT_BASE_URL, c.PAYOUT_POLL_SECONDS]).toEqual(['efi', undefined, 60]);
  });

  it('inter likewise needs INSTITUTION=apipix and takes its banking address as PAYOUT_BASE_URL', () => {
    expect(problems({ PAYOUT_PROVIDER: 'inter' })).toEqual(['PAYOUT_PROVIDER=inter needs INSTITUTION=apipix (payouts use its OAuth2 client, certificate and settings)']);
    const c = loadConfig(apipix({ PAYOUT_PROVIDER: 'inter', PAYOUT_BASE_URL: 'https://cdpj.partners.bancointer.com.br' }));
    expect([c.PAYOUT_PROVIDER, c.PAYOUT_BASE_URL]).toEqual(['inter', 'https://cdpj.partners.bancointer.com.br']);
  });

  it('refuses an unknown provider, an http payout URL and a paying key the DICT would not store', () => {
    expect(problems({ PAYOUT_PROVIDER: 'itau' }).join('\n')).toMatch(/PAYOUT_PROVIDER must be simulated, efi or inter/);
    expect(problems(apipix({ PAYOUT_PROVIDER: 'efi', PAYOUT_BASE_URL: 'http://psp.example' })).join('\n')).toMatch(/PAYOUT_BASE_URL must be an https:\/\/ URL/);
    expect(problems(apipix({ PAYOUT_PROVIDER: 'efi', PAYOUT_PIX_KEY: 'Not A Key' })).join('\n')).toMatch(/PAYOUT_PIX_KEY must be a PIX key/);
    expect(problems(apipix({ PAYOUT_POLL_SECONDS: '0' })).join('\n')).toMatch(/PAYOUT_POLL_SECONDS must be a number of seconds from 1 to 3600/);
  });
});
