import type { Principal } from '../accounts/accounts.types';
import { requireApiKeyStepUp, type StepUpDeps } from '../accounts/api-key-step-up';
import type { DataExportService, ExportAnswer } from './data-export.service';

/** The data at once, or (large accounts) the queued request whose file is sent by e-mail. */
export type RequestDataExport = (r: { principal: Principal; twoFactorCode?: string | null; address: string }) => Promise<ExportAnswer>;

/**
 * The user asks for its personal data and its seller's; a queued export in progress is
 * answered instead of a new one. Through an API key whose owner has 2FA on, with a current code.
 */
export function requestDataExportCommand(d: { dataExport: Pick<DataExportService, 'export'> } & StepUpDeps): RequestDataExport {
  return async (r) => {
    await requireApiKeyStepUp(d, r);
    return d.dataExport.export(r.principal);
  };
}
