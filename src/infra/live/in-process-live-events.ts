import { createPubSub } from '@graphql-yoga/subscription';
import type { LiveEvent, LiveEvents } from '../../domain/shared/live-events';

/** Subscribers listen per topic and seller: `<TOPIC>` with the seller id as dynamic id. */
export type LivePubSub = ReturnType<typeof createLivePubSub>;

export function createLivePubSub() {
  return createPubSub<Record<string, [string, LiveEvent]>>();
}

/** Fans live events out to this process's GraphQL subscribers. */
export class InProcessLiveEvents implements LiveEvents {
  constructor(private readonly pubSub: LivePubSub) {}

  publish(event: LiveEvent): void {
    this.pubSub.publish(event.topic, event.sellerId, event);
  }
}
