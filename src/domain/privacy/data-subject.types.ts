export type DataRequestKind = 'EXPORT' | 'ERASURE';
/** EXPORT: QUEUED -> COMPLETED. ERASURE: OPEN -> EXECUTED | REJECTED. */
export type DataRequestStatus = 'QUEUED' | 'COMPLETED' | 'OPEN' | 'EXECUTED' | 'REJECTED';

export interface DataRequest {
  id: string;
  kind: DataRequestKind;
  userId: string;
  sellerId: string | null;
  status: DataRequestStatus;
  reason: string | null;
  requestedAt: Date;
  /** Erasure: 15 business days after the request. */
  dueAt: Date | null;
  closedAt: Date | null;
  /** `user:<id>`, `operator:<id>` or `system`. */
  closedBy: string | null;
  rejectionReason: string | null;
  /** Erasure: when the data kept for legal duties is anonymised too. */
  retentionUntil: Date | null;
  retentionDoneAt: Date | null;
  exportFile: string | null;
  downloadExpiresAt: Date | null;
  downloadedAt: Date | null;
}

/** One step of a request's history: who did what, when. */
export interface DataRequestEvent {
  at: Date;
  actor: string;
  action: string;
  detail: Record<string, unknown> | null;
}

/** The people and the seller a request covers. */
export interface SubjectScope {
  userIds: string[];
  sellerId: string | null;
}

export interface DataRequestFilter {
  status?: DataRequestStatus;
  kind?: DataRequestKind;
  dueBefore?: Date;
  take: number;
  skip: number;
}

/** A new request: nothing closed, no file, no retention yet. */
export function newDataRequest(r: Pick<DataRequest, 'id' | 'kind' | 'userId' | 'sellerId' | 'status' | 'reason' | 'requestedAt' | 'dueAt'>): DataRequest {
  return {
    ...r,
    closedAt: null,
    closedBy: null,
    rejectionReason: null,
    retentionUntil: null,
    retentionDoneAt: null,
    exportFile: null,
    downloadExpiresAt: null,
    downloadedAt: null,
  };
}
