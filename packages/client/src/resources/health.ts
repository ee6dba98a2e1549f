import type { CallOptions, Transport } from '../http/transport.js';

// A health check's 503 is its answer (a dependency is down), not a reason to wait and ask again.
const ONCE = { maxRetries: 0 };

/** Availability: `/health` (SPEC's shape), `/health/live`, `/health/ready`. A 503 throws ServiceUnavailableError with the checks in `body`. */
export class Health {
  constructor(private readonly t: Transport) {}

  async get(options: CallOptions = {}) {
    return this.t.send((init) => this.t.api.GET('/health', init), { ...ONCE, ...options });
  }

  async live(options: CallOptions = {}) {
    return this.t.send((init) => this.t.api.GET('/health/live', init), { ...ONCE, ...options });
  }

  async ready(options: CallOptions = {}) {
    return this.t.send((init) => this.t.api.GET('/health/ready', init), { ...ONCE, ...options });
  }
}
