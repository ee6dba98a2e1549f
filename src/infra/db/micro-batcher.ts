/**
 * Groups concurrent calls into one statement: items added while a batch is running (or
 * within the same event-loop turn) go together in the next one. No added delay when
 * idle; under load, fewer round trips (and socket writes) per delivery.
 */
export class MicroBatcher<I, O> {
  private pending: { item: I; resolve(o: O): void; reject(e: unknown): void }[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly o: { maxBatch: number; maxInFlight: number },
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0 || this.inFlight >= this.o.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.pending.length > 0 && this.inFlight < this.o.maxInFlight) {
      const batch = this.pending.splice(0, this.o.maxBatch);
      this.inFlight++;
      this.run(batch.map((b) => b.item))
        .then(
          (out) => batch.forEach((b, i) => b.resolve(out[i]!)),
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }
}
