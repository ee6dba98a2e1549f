import type { Logger } from '../log/logger';

/**
 * One dependency's outage as the logs and the doors see it: the first failure of an
 * outage is logged (with its cause) once, later ones are only counted; a background
 * probe notices the recovery and logs how long it lasted and how many calls were
 * refused. Requests get a 503 meanwhile (the doors ask `absorb`).
 */
export class DependencyOutage {
  private since: number | null = null;
  private refused = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly o: {
      name: string;
      logger: Logger;
      /** Does this error mean the dependency is unreachable? */
      matches: (err: unknown) => boolean;
      /** Resolves when the dependency answers again. */
      probe: () => Promise<unknown>;
      probeEveryMs?: number;
    },
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** True when `err` is this dependency being unreachable (nothing counted or logged). */
  isOutage(err: unknown): boolean {
    return this.o.matches(err);
  }

  /** True when `err` is this dependency being unreachable: counted, and logged if it starts an outage. */
  absorb(err: unknown): boolean {
    if (!this.o.matches(err)) return false;
    this.refused++;
    if (this.since === null) {
      this.since = Date.now();
      this.o.logger.error({ err, dependency: this.o.name }, `${this.o.name} unavailable: answering 503 until it is back (logged once per outage)`);
      this.watchRecovery();
    }
    return true;
  }

  private watchRecovery(): void {
    const tick = async () => {
      this.timer = undefined;
      const ok = await this.o.probe().then(() => true, () => false);
      if (this.since === null) return;
      if (!ok) {
        this.timer = setTimeout(tick, this.o.probeEveryMs ?? 1_000).unref();
        return;
      }
      this.o.logger.warn({ dependency: this.o.name, downForMs: Date.now() - this.since, refused: this.refused }, `${this.o.name} available again`);
      this.since = null;
      this.refused = 0;
    };
    this.timer = setTimeout(tick, this.o.probeEveryMs ?? 1_000).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
