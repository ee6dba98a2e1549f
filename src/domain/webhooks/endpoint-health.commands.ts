import { z } from 'zod';
import type { Seller } from '../accounts/accounts.types';
import { answered, type CommandResult } from '../idempotency/idempotent-command';
import { asObject, parseWith } from '../shared/zod-input';
import type { EndpointHealthService } from './endpoint-health.service';
import { instant } from './webhook-replay-input';
import { webhookView, type WebhookView } from './webhook-view';
import type { WebhookManagementService } from './webhook-management.service';

/** POST /v1/webhooks/:id/enable and `enableWebhook`: what it missed since `recoverSince` is replayed to it. */
export const EnableWebhook = z.object({ recoverSince: instant('recoverSince', 'its held and expired deliveries created since then are sent again').nullish() }).strict();

export type EnableWebhookCommand = (r: { seller: Seller; id: string; input: unknown }) => Promise<CommandResult<WebhookView & { recovered: number }>>;

export function endpointHealthCommands(d: { webhookHealth: EndpointHealthService; webhooks: WebhookManagementService }): { enableWebhook: EnableWebhookCommand } {
  return {
    enableWebhook: async ({ seller, id, input }) => {
      let since: Date | undefined;
      try {
        since = parseWith(EnableWebhook, asObject(input ?? {})).recoverSince ?? undefined;
      } catch (e) {
        await d.webhooks.get(seller.id, id); // an unknown id is a 404 whatever the body holds
        throw e;
      }
      const { recovered } = await d.webhookHealth.enable(seller.id, id, since);
      return answered({ ...webhookView(await d.webhooks.get(seller.id, id)), recovered });
    },
  };
}
