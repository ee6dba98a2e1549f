import { describe, it, expect } from 'vitest';
import { isValidCpf, normalizeCpf, SANDBOX_MAGIC_CPFS, sandboxCpfOutcome } from './cpf';

describe('normalizeCpf', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['529 982 247 25', '52998224725'],
    ['529/982/247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['5299822472a', '5299822472a'], // letters are kept so validation rejects them
  ])('%s -> %s', (input, expected) => {
    expect(normalizeCpf(input)).toBe(expected);
  });
});

describe('isValidCpf', () => {
  it.each([
    ['52998224725', true],
    ['11144477735', true],
    ['52998224724', false], // wrong DV2
    ['52998224715', false], // wrong DV1
    ['5299822472', false], // 10 digits
    ['529982247250', false], // 12 digits
    ['5299822472A', false], // letter
    ['529.982.247-25', false], // not normalized
    ['', false],
  ])('%s -> %s', (digits, expected) => {
    expect(isValidCpf(digits)).toBe(expected);
  });

  it('rejects every repeated-digit CPF by default', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('accepts exactly the three sandbox magic CPFs when allowed', () => {
    const accepted = Array.from({ length: 10 }, (_, d) => String(d).repeat(11)).filter((cpf) =>
      isValidCpf(cpf, { allowSandboxMagic: true }),
    );
    expect(accepted).toEqual(['00000000000', '11111111111', '22222222222']);
    expect(isValidCpf('52998224725', { allowSandboxMagic: true })).toBe(true);
    expect(isValidCpf('52998224724', { allowSandboxMagic: true })).toBe(false);
  });

  it('maps magic CPFs to outcomes', () => {
    expect(SANDBOX_MAGIC_CPFS).toEqual({
      '00000000000': 'APPROVED',
      '11111111111': 'PENDING_REVIEW',
      '22222222222': 'REJECTED',
    });
    expect(sandboxCpfOutcome('11111111111')).toBe('PENDING_REVIEW');
    expect(sandboxCpfOutcome('52998224725')).toBeUndefined();
    expect(sandboxCpfOutcome('toString')).toBeUndefined();
  });
});
