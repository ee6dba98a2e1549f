import type { Principal } from '../accounts/accounts.types';
import type { DataExportService, ExportAnswer } from './data-export.service';

/** The data at once, or (large accounts) the queued request whose file is sent by e-mail. */
export type RequestDataExport = (r: { principal: Principal }) => Promise<ExportAnswer>;

/** The user asks for its personal data and its seller's; a queued export in progress is answered instead of a new one. */
export function requestDataExportCommand(d: { dataExport: Pick<DataExportService, 'export'> }): RequestDataExport {
  return ({ principal }) => d.dataExport.export(principal);
}
