import { describe, expect, it } from 'vitest';
import { type AppealLimits, appealProblems, fileSize } from './appeal';

const LIMITS: AppealLimits = { maxFiles: 2, maxFileBytes: 100, maxRequestBytes: 150, maxReasonLength: 10, mediaTypes: ['application/pdf', 'image/png'] };
const pdf = (name: string, size: number) => ({ name, type: 'application/pdf', size });

describe('appeal checks before sending', () => {
  it('accepts a reason with allowed files within the limits', () => {
    expect(appealProblems('delivered', [pdf('a.pdf', 100), { name: 'b.png', type: 'image/png', size: 50 }], LIMITS)).toEqual([]);
  });

  it('needs a reason of at most the longest length, ignoring surrounding blanks', () => {
    expect(appealProblems('   ', [], LIMITS)).toEqual([{ code: 'APPEAL_REASON_REQUIRED' }]);
    expect(appealProblems('12345678901', [], LIMITS)).toEqual([{ code: 'APPEAL_REASON_TOO_LONG' }]);
    expect(appealProblems('  1234567890  ', [], LIMITS)).toEqual([]);
  });

  it('names each file of a refused type or over the size, and counts files and the whole request', () => {
    expect(appealProblems('ok', [{ name: 'x.txt', type: 'text/plain', size: 1 }, pdf('big.pdf', 101)], LIMITS)).toEqual([
      { code: 'INVALID_FILE_TYPE', file: 'x.txt' },
      { code: 'FILE_TOO_LARGE', file: 'big.pdf' },
    ]);
    expect(appealProblems('ok', [pdf('1.pdf', 1), pdf('2.pdf', 1), pdf('3.pdf', 1)], LIMITS)).toEqual([{ code: 'TOO_MANY_FILES' }]);
    expect(appealProblems('ok', [pdf('1.pdf', 80), pdf('2.pdf', 80)], LIMITS)).toEqual([{ code: 'PAYLOAD_TOO_LARGE' }]);
  });

  it('shows sizes in the reader’s language', () => {
    expect(fileSize(840, 'pt-BR')).toBe('840 B');
    expect(fileSize(12_595, 'pt-BR')).toBe('12,3 KB');
    expect(fileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });
});
