/**
 * Runs `work` every `intervalMs` (measured from the end of the previous run, so runs
 * never overlap) until stop(), which waits for a run in progress.
 */
export class PeriodicLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    const tick = () => {
      this.running = this.work()
        .then(() => undefined)
        .catch(this.onError)
        .finally(() => {
          this.running = undefined;
          if (this.timer) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  async stop(): Promise<void> {
    const t = this.timer;
    this.timer = undefined;
    if (t) clearTimeout(t);
    await this.running;
  }
}
