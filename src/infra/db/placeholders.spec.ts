import { describe, expect, it } from 'vitest';
import { toPgPlaceholders } from './placeholders';

describe('toPgPlaceholders', () => {
  it('numbers the placeholders in order, the same on every call of a text', () => {
    const sql = 'insert into t (a, b) values (?, ?) on conflict (a) do update set b = ?';
    expect(toPgPlaceholders(sql)).toBe('insert into t (a, b) values ($1, $2) on conflict (a) do update set b = $3');
    expect(toPgPlaceholders(sql)).toBe('insert into t (a, b) values ($1, $2) on conflict (a) do update set b = $3');
    expect(toPgPlaceholders('select 1')).toBe('select 1');
  });

  it('converts texts past the cache bound as well', () => {
    for (let n = 1; n <= 1_100; n++) {
      const sql = `select ${Array.from({ length: (n % 5) + 1 }, () => '?').join(', ')} -- ${n}`;
      expect(toPgPlaceholders(sql)).toBe(`select ${Array.from({ length: (n % 5) + 1 }, (_, i) => `$${i + 1}`).join(', ')} -- ${n}`);
    }
  });
});
