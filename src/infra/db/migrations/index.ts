import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000Foundation } from './Migration20261121000000Foundation';
import { Migration20261121010000Ledger } from './Migration20261121010000Ledger';
import { Migration20261121020000Platform } from './Migration20261121020000Platform';
import { Migration20261121030000Webhooks } from './Migration20261121030000Webhooks';
import { Migration20261121040000Transactions } from './Migration20261121040000Transactions';
import { Migration20261121050000Withdrawals } from './Migration20261121050000Withdrawals';
import { Migration20261122000000OutboxQuarantine } from './Migration20261122000000OutboxQuarantine';
import { Migration20261122010000WebhookRetention } from './Migration20261122010000WebhookRetention';
import { Migration20261122020000IdempotencyRecord } from './Migration20261122020000IdempotencyRecord';
import { Migration20261123100000QrImagesByUrl } from './Migration20261123100000QrImagesByUrl';
import { Migration20261123100100IdempotencyClaimAtCommit } from './Migration20261123100100IdempotencyClaimAtCommit';
import { Migration20261123110000Disputes } from './Migration20261123110000Disputes';
import { Migration20261123110100DisputeEvidence } from './Migration20261123110100DisputeEvidence';
import { Migration20261123120000SandboxMethods } from './Migration20261123120000SandboxMethods';
import { Migration20261123130000SellerRateLimits } from './Migration20261123130000SellerRateLimits';
import { Migration20261123170000DataSubjectRequests } from './Migration20261123170000DataSubjectRequests';
import { Migration20261123170100OutboxPayloadMasking } from './Migration20261123170100OutboxPayloadMasking';
import { Migration20261124090000EvidenceObjectStore } from './Migration20261124090000EvidenceObjectStore';
import { Migration20261125120000RecoveryCodes } from './Migration20261125120000RecoveryCodes';
import { Migration20261126100000ApiPixReconciliation } from './Migration20261126100000ApiPixReconciliation';
import { Migration20261126110000RefundStatus } from './Migration20261126110000RefundStatus';

/** Every migration, in order. Listed explicitly so compiled and test runs find the same set. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000Foundation', class: Migration20261121000000Foundation },
  { name: 'Migration20261121010000Ledger', class: Migration20261121010000Ledger },
  { name: 'Migration20261121020000Platform', class: Migration20261121020000Platform },
  { name: 'Migration20261121030000Webhooks', class: Migration20261121030000Webhooks },
  { name: 'Migration20261121040000Transactions', class: Migration20261121040000Transactions },
  { name: 'Migration20261121050000Withdrawals', class: Migration20261121050000Withdrawals },
  { name: 'Migration20261122000000OutboxQuarantine', class: Migration20261122000000OutboxQuarantine },
  { name: 'Migration20261122010000WebhookRetention', class: Migration20261122010000WebhookRetention },
  { name: 'Migration20261122020000IdempotencyRecord', class: Migration20261122020000IdempotencyRecord },
  { name: 'Migration20261123100000QrImagesByUrl', class: Migration20261123100000QrImagesByUrl },
  { name: 'Migration20261123100100IdempotencyClaimAtCommit', class: Migration20261123100100IdempotencyClaimAtCommit },
  { name: 'Migration20261123110000Disputes', class: Migration20261123110000Disputes },
  { name: 'Migration20261123110100DisputeEvidence', class: Migration20261123110100DisputeEvidence },
  { name: 'Migration20261123120000SandboxMethods', class: Migration20261123120000SandboxMethods },
  { name: 'Migration20261123130000SellerRateLimits', class: Migration20261123130000SellerRateLimits },
  { name: 'Migration20261123170000DataSubjectRequests', class: Migration20261123170000DataSubjectRequests },
  { name: 'Migration20261123170100OutboxPayloadMasking', class: Migration20261123170100OutboxPayloadMasking },
  { name: 'Migration20261124090000EvidenceObjectStore', class: Migration20261124090000EvidenceObjectStore },
  { name: 'Migration20261125120000RecoveryCodes', class: Migration20261125120000RecoveryCodes },
  { name: 'Migration20261126100000ApiPixReconciliation', class: Migration20261126100000ApiPixReconciliation },
  { name: 'Migration20261126110000RefundStatus', class: Migration20261126110000RefundStatus },
];
