import { describe, expect, it } from 'vitest';
import { isDomainError } from '../shared/errors';
import { CYCLE_STATUS_OF_SPEC, CYCLE_STATUSES } from './cycle-status';
import { moveRecurrence, RECURRENCE_STATUS_OF_SPEC, RECURRENCE_STATUSES, SPEC_OF_RECURRENCE_STATUS } from './recurrence-status';

describe('recurrence statuses', () => {
  it('maps every spec status to one of ours and back', () => {
    expect(Object.keys(RECURRENCE_STATUS_OF_SPEC).sort()).toEqual(['APROVADA', 'CANCELADA', 'CRIADA', 'EXPIRADA', 'REJEITADA']);
    for (const s of RECURRENCE_STATUSES) expect(RECURRENCE_STATUS_OF_SPEC[SPEC_OF_RECURRENCE_STATUS[s]]).toBe(s);
  });

  it('moves a created recurrence to any outcome, an approved one only to its end', () => {
    expect(moveRecurrence('CREATED', 'APPROVED')).toBe('APPROVED');
    expect(moveRecurrence('APPROVED', 'CANCELLED')).toBe('CANCELLED');
    expect(moveRecurrence('APPROVED', 'EXPIRED')).toBe('EXPIRED');
  });

  it('refuses to leave a final status, or to go back, with a 409', () => {
    for (const [from, to] of [['REJECTED', 'APPROVED'], ['CANCELLED', 'APPROVED'], ['APPROVED', 'REJECTED'], ['EXPIRED', 'CANCELLED']] as const) {
      try {
        moveRecurrence(from, to);
        expect.unreachable();
      } catch (e) {
        expect(isDomainError(e) && e.code === 'RECURRENCE_STATUS_CONFLICT' && e.kind === 'CONFLICT').toBe(true);
      }
    }
  });

  it('maps every spec cycle status to one of ours', () => {
    expect(Object.keys(CYCLE_STATUS_OF_SPEC).sort()).toEqual(['ATIVA', 'CANCELADA', 'CONCLUIDA', 'CRIADA', 'EXPIRADA', 'REJEITADA']);
    for (const s of Object.values(CYCLE_STATUS_OF_SPEC)) expect(CYCLE_STATUSES).toContain(s);
  });
});
