import { describe, expect, it } from 'vitest';
import { AesSecretBox } from './aes-secret-box';

const OLD = 'old-application-secret-0123456789abcdef';
const NEW = 'new-application-secret-0123456789abcdef';

describe('AesSecretBox', () => {
  it('seals with the current secret under its key id and opens what it sealed', () => {
    const box = new AesSecretBox(NEW);
    const sealed = box.seal('whsec_abc');
    expect(sealed).toMatch(/^v2\.[\w-]{8}\./);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.sealedWithCurrent(sealed)).toBe(true);
    expect(box.seal('whsec_abc')).not.toBe(sealed);
  });

  it('during a rotation opens values sealed with the accepted secret, and says they need re-sealing', () => {
    const old = new AesSecretBox(OLD).seal('totp-seed');
    const rotating = new AesSecretBox(NEW, [OLD]);
    expect(rotating.open(old)).toBe('totp-seed');
    expect(rotating.sealedWithCurrent(old)).toBe(false);
    expect(() => new AesSecretBox(NEW).open(old)).toThrow(/neither APP_SECRET nor APP_SECRET_ACCEPTED/);
  });

  it('opens values of the format without key ids with whichever secret sealed them', () => {
    const v2 = new AesSecretBox(OLD).seal('legacy');
    const [, , iv, tag, data] = v2.split('.');
    const v1 = ['v1', iv, tag, data].join('.');
    expect(new AesSecretBox(OLD).open(v1)).toBe('legacy');
    expect(new AesSecretBox(NEW, [OLD]).open(v1)).toBe('legacy');
    expect(new AesSecretBox(NEW, [OLD]).sealedWithCurrent(v1)).toBe(false);
    expect(() => new AesSecretBox(NEW).open(v1)).toThrow(/neither/);
  });

  it('refuses a tampered value and an unknown format', () => {
    const box = new AesSecretBox(NEW);
    const sealed = box.seal('x');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('y').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('plain text')).toThrow(/unknown format/);
  });
});
