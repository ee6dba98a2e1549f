import { newIdempotencyKey } from '../http/idempotency-key.js';
import type { CallOptions, Transport } from '../http/transport.js';
import { offsetPaged } from '../pagination.js';
import type { QueryOf } from '../types.js';
import type { CreateOptions } from './options.js';

/** An evidence file for an appeal: PDF, JPG or PNG. */
export interface EvidenceFile {
  name: string;
  data: Blob | Uint8Array;
  /** `application/pdf`, `image/jpeg` or `image/png`; taken from the Blob when omitted. */
  type?: string;
}

export interface AppealInput {
  disputeId: string;
  appealReason: string;
  /** Up to 10 files. */
  files?: EvidenceFile[];
}

function appealForm(input: AppealInput): FormData {
  const form = new FormData();
  form.append('disputeId', input.disputeId);
  form.append('appealReason', input.appealReason);
  for (const f of input.files ?? []) {
    const type = f.type ?? (f.data instanceof Blob ? f.data.type : '');
    const blob = f.data instanceof Blob ? new Blob([f.data], { type }) : new Blob([Uint8Array.from(f.data)], { type });
    form.append('files', blob, f.name);
  }
  return form;
}

/** Disputes and MED returns, and their appeals: `/v1/disputes`. */
export class Disputes {
  constructor(private readonly t: Transport) {}

  async get(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/disputes/{id}', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** One page: `{data, count, take, skip}`. */
  async list(query: QueryOf<'listDisputes'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/disputes', { ...init, params: { query } }), options);
    return answer.data;
  }

  listAll(query: Omit<QueryOf<'listDisputes'>, 'take' | 'skip'> = {}, options: CallOptions & { pageSize?: number } = {}) {
    return offsetPaged(async (skip, take) => {
      const page = await this.list({ ...query, skip, take }, options);
      return { items: page.data, total: page.count };
    }, options.pageSize);
  }

  /** One evidence file of an appeal, as sent. */
  async evidence(disputeId: string, fileId: string, options: CallOptions = {}): Promise<Blob> {
    return this.t.send(
      (init) => this.t.api.GET('/v1/disputes/{id}/evidence/{fileId}', { ...init, params: { path: { id: disputeId, fileId } }, parseAs: 'blob' }),
      options,
    );
  }

  /** Contests a dispute with a reason and evidence files (multipart); answers `{data, uploadedFiles, message}`. */
  async appeal(input: AppealInput, options: CreateOptions = {}) {
    const key = options.idempotencyKey ?? newIdempotencyKey();
    const answer = await this.t.send(
      (init) =>
        this.t.api.POST('/v1/disputes/appeal', {
          ...init,
          params: { header: { 'Idempotency-Key': key } },
          // The form is built by appealForm; the typed body only satisfies the generated signature.
          body: { disputeId: input.disputeId, appealReason: input.appealReason },
          bodySerializer: () => appealForm(input),
        }),
      options,
    );
    const { status: _status, ...rest } = answer;
    return rest;
  }
}
