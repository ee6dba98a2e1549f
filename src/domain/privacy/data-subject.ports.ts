import type { Tx } from '../shared/unit-of-work';
import type { ErasurePhase } from './erasure-plan';
import type { ExportSection } from './export-plan';
import type { DataRequest, DataRequestEvent, DataRequestFilter, SubjectScope } from './data-subject.types';

export interface DataRequestRepository {
  insert(tx: Tx, request: DataRequest): Promise<void>;
  /** Locks the row for the rest of the transaction. */
  findForUpdate(tx: Tx, id: string): Promise<DataRequest | null>;
  findById(id: string): Promise<DataRequest | null>;
  findOpen(tx: Tx, userId: string, kind: DataRequest['kind']): Promise<DataRequest | null>;
  listByUser(userId: string): Promise<DataRequest[]>;
  /** Overdue open requests first, then by due date, then newest. */
  list(filter: DataRequestFilter, now: Date): Promise<DataRequest[]>;
  update(tx: Tx, request: DataRequest): Promise<void>;
  addEvent(tx: Tx, requestId: string, event: DataRequestEvent): void;
  history(requestId: string): Promise<DataRequestEvent[]>;
  /** Claims the building of a queued export unless another runner started it after `staleBefore`. */
  claimBuild(requestId: string, now: Date, staleBefore: Date): Promise<boolean>;
  setDownloadToken(requestId: string, file: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /** Marks the link used, once, while it is valid; returns the request or null. */
  claimDownload(tokenHash: string, now: Date): Promise<DataRequest | null>;
  /** Export files whose link has expired (used or not), to delete. */
  expiredExportFiles(now: Date, limit: number): Promise<{ id: string; file: string }[]>;
  forgetExportFile(tx: Tx, requestId: string): void;
  /** The users of a seller (for an erasure, the whole account). */
  usersOfSeller(tx: Tx, sellerId: string): Promise<string[]>;
}

/** Reads and anonymises the subject's rows as the inventory describes them. */
export interface PersonalDataStore {
  /** Rows in the exported sections of the scope, to choose between a direct and a queued export. */
  countRows(sections: ExportSection[], scope: SubjectScope): Promise<number>;
  /** The section's rows in key order, a page at a time (bounded memory whatever the size). */
  readSection(section: ExportSection, scope: SubjectScope): AsyncIterable<Record<string, unknown>>;
  /** Applies the phase's placeholders to the scope's rows; returns rows changed per `table.column`. */
  anonymise(tx: Tx, phase: ErasurePhase, scope: SubjectScope): Promise<Record<string, number>>;
  /**
   * Closes the account's access: revokes its API keys and sessions, deletes its webhook
   * registrations and cancels its pending deliveries; returns how many of each.
   */
  revokeCredentials(tx: Tx, scope: SubjectScope, at: Date): Promise<{ apiKeys: number; sessions: number; webhooks: number; pendingDeliveries: number }>;
}

/** Personal data kept outside the inventory's columns (evidence files in an object store). */
export interface ExternalPersonalData {
  /**
   * In the erasure's transaction, before the rows that point at the data are anonymised:
   * queues its durable deletion. Returns what was queued, per `table.what`.
   */
  queueErasure(tx: Tx, scope: SubjectScope): Promise<Record<string, number>>;
}

export interface ExportArchive {
  /** Writes one file per section into a ZIP, streamed; returns its file name and size. */
  write(name: string, sections: { name: string; rows: AsyncIterable<Record<string, unknown>> }[]): Promise<{ file: string; bytes: number }>;
  open(file: string): NodeJS.ReadableStream;
  remove(file: string): Promise<void>;
}

export interface ExportMailer {
  sendExport(message: { to: string; requestId: string; file: string; downloadUrl: string; expiresAt: Date }): Promise<void>;
}
