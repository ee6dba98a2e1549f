import { ManualClock } from '../../../src/domain/shared/clock';

/** Real time that tests can also jump forward (cycles, leases, expiry) without sleeping. */
export class FlowingClock extends ManualClock {
  private offset = 0;
  override now(): Date {
    return new Date(Date.now() + this.offset);
  }
  override advance(ms: number): void {
    this.offset += ms;
  }
  override set(date: Date): void {
    this.offset = date.getTime() - Date.now();
  }
}
