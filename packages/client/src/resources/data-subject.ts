import type { CallOptions, Transport } from '../http/transport.js';
import type { JsonBodyOf } from '../types.js';

/** Data-subject rights (LGPD) of the credential's user: `/data-subject`. */
export class DataSubject {
  constructor(private readonly t: Transport) {}

  /** The user's personal data, or (large accounts) a queued export: `{data, message}`. */
  async export(options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/data-subject/export', init), options);
    const { status: _status, ...rest } = answer;
    return rest;
  }

  /** `{data: {requestId, requestedAt}, message}`. */
  async requestErasure(body: JsonBodyOf<'requestErasure'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/data-subject/erasure-request', { ...init, body }), options);
    const { status: _status, ...rest } = answer;
    return rest;
  }

  /** The ZIP file of a queued export, by the token of the link mailed to the user. */
  async downloadExport(token: string, options: CallOptions = {}): Promise<Blob> {
    return this.t.send(
      (init) => this.t.api.GET('/data-subject/export/download/{token}', { ...init, params: { path: { token } }, parseAs: 'blob' }),
      options,
    );
  }
}
