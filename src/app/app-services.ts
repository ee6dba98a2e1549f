import type { AppealDisputeService } from '../domain/disputes/appeal-dispute';
import type { Services } from './services';
import type { Platform } from './wiring/platform';

/**
 * What the composition root builds: the doors' facade (`Services`) and what only the
 * process itself uses (the worker's jobs and maintenance, start-up, the tests): the
 * shared platform and the use cases the doors reach through commands.
 */
export interface AppServices extends Services {
  /** Shared plumbing: database, outbox, jobs, idempotency, metrics, public address. */
  platform: Platform;
  /** The appeal use case behind `commands.appealDispute`. */
  appealDispute: AppealDisputeService;
}
