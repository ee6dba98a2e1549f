import { setMaxListeners } from 'node:events';
import { createPubSub, type PubSubEventTarget } from '@graphql-yoga/subscription';
import type { LiveEvent, LiveEventFeed, LiveEvents } from '../../domain/shared/live-events';
import { LiveListeners } from './live-listeners';

type Topics = Record<string, [string, LiveEvent]>;

/** Subscribers listen per topic and seller: `<TOPIC>` with the seller id as dynamic id. */
export type LivePubSub = ReturnType<typeof createLivePubSub>;

export function createLivePubSub() {
  // One listener per open subscription: a seller's dashboards may hold many on one topic.
  const eventTarget = new EventTarget() as PubSubEventTarget<Topics>;
  setMaxListeners(0, eventTarget);
  return createPubSub<Topics>({ eventTarget });
}

/** Fans live events out to this process's GraphQL subscribers. */
export class InProcessLiveEvents implements LiveEvents, LiveEventFeed {
  private readonly listeners = new LiveListeners();

  constructor(private readonly pubSub: LivePubSub) {}

  publish(event: LiveEvent): void {
    this.listeners.emit(event);
    this.pubSub.publish(event.topic, event.sellerId, event);
  }

  onEvent(topic: LiveEvent['topic'], listener: (event: LiveEvent) => void): void {
    this.listeners.onEvent(topic, listener);
  }
}
