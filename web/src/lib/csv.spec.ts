import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('statement CSV', () => {
  it('is RFC 4180 with CRLF, quoting commas, quotes and line breaks', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', null]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('keeps spreadsheets from running text as formulas, but leaves numbers alone', () => {
    expect(toCsv(['v'], [['=SUM(A1)'], ['+5511'], ['@x'], [-500]])).toBe("v\r\n'=SUM(A1)\r\n'+5511\r\n'@x\r\n-500\r\n");
  });
});
