import type { LiveEvent, LiveEventFeed } from '../../domain/shared/live-events';

/** In-process listeners by topic, for the live-event buses to call on every event they see. */
export class LiveListeners implements LiveEventFeed {
  private readonly byTopic = new Map<LiveEvent['topic'], ((event: LiveEvent) => void)[]>();

  onEvent(topic: LiveEvent['topic'], listener: (event: LiveEvent) => void): void {
    this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), listener]);
  }

  emit(event: LiveEvent): void {
    for (const listener of this.byTopic.get(event.topic) ?? []) listener(event);
  }
}
