import { describe, expect, it } from 'vitest';
import { civilDate, percentFormat } from './civil-date';

describe('civil days and percentages as the dashboard shows them', () => {
  it('shows a day as it is, whatever the time zone', () => {
    expect(civilDate('pt-BR', '2026-12-01')).toBe('01/12/2026');
    expect(civilDate('en', '2026-12-01')).toBe('12/1/26');
    expect(civilDate('pt-BR', null)).toBe('—');
    expect(civilDate('pt-BR', 'soon')).toBe('soon');
  });

  it('shows hundredths of a percent with two decimals', () => {
    expect(percentFormat('pt-BR', 250).replace(/\u00a0/g, ' ')).toBe('2,50%');
    expect(percentFormat('en', 1)).toBe('0.01%');
  });
});
