import { describe, expect, it, vi } from 'vitest';
import { applyInstitutionReportCommand } from './apply-institution-report.command';
import type { ReportOutcome } from './institution-charge-reports.service';

const outcome = { applied: true, duplicate: false, transaction: { status: 'PAID' } } as ReportOutcome;

describe('applyInstitutionReportCommand', () => {
  it('parses the body and applies the report: absent and null optional fields become undefined, paidAt a Date', async () => {
    const apply = vi.fn(async () => outcome);
    const r = await applyInstitutionReportCommand({ transactionReports: { apply } })({
      input: { reportId: 'r1', transactionId: 't1', status: 'PAID', paidAt: '2026-01-01T10:00:00Z', end2endId: null },
    });
    expect(apply).toHaveBeenCalledWith({
      reportId: 'r1',
      transactionId: 't1',
      status: 'PAID',
      end2endId: undefined,
      paidAt: new Date('2026-01-01T10:00:00Z'),
      refusedReason: undefined,
    });
    expect(r).toEqual({ replayed: false, view: { applied: true, duplicate: false, transactionStatus: 'PAID' } });
  });

  it.each([
    [{ transactionId: 't1', status: 'PAID' }, 'FIELD_REQUIRED', 'reportId is required'],
    [{ reportId: 'r1', transactionId: 't1', status: 'PAID', paidAt: 'yesterday' }, 'INVALID_FIELD', 'paidAt must be an ISO 8601 date-time'],
    [{ reportId: 'r1', transactionId: 7, status: 'PAID' }, 'INVALID_FIELD', 'transactionId must be a string of 1 to 200 characters'],
  ])('%j -> %s before anything is applied', async (input, code, message) => {
    const apply = vi.fn();
    await expect(applyInstitutionReportCommand({ transactionReports: { apply } })({ input })).rejects.toMatchObject({ code, message });
    expect(apply).not.toHaveBeenCalled();
  });
});
