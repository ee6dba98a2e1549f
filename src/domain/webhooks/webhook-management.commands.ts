import type { Seller } from '../accounts/accounts.types';
import { answered, type CommandResult } from '../idempotency/idempotent-command';
import { parseWebhookRegistration, parseWebhookUpdate } from './webhook-input';
import type { WebhookManagementService } from './webhook-management.service';
import { deliveryView, postbackSecretView, webhookView, type PostbackSecretView, type WebhookDeliveryView, type WebhookView } from './webhook-view';

interface OfSeller {
  seller: Seller;
}
interface OneWebhook extends OfSeller {
  /** The webhook id from the path or the GraphQL argument. */
  id: string;
}

export type RegisterWebhook = (r: OfSeller & { input: unknown }) => Promise<CommandResult<WebhookView>>;
export type UpdateWebhook = (r: OneWebhook & { input: unknown }) => Promise<CommandResult<WebhookView>>;
export type DeleteWebhook = (r: OneWebhook) => Promise<CommandResult<{ id: string; deleted: true }>>;
export type RotateWebhookSecret = (r: OneWebhook) => Promise<CommandResult<WebhookView>>;
export type SendWebhookTestEvent = (r: OneWebhook) => Promise<CommandResult<WebhookDeliveryView>>;
export type RotatePostbackSecret = (r: OfSeller) => Promise<CommandResult<PostbackSecretView>>;

export interface WebhookManagementCommands {
  registerWebhook: RegisterWebhook;
  updateWebhook: UpdateWebhook;
  deleteWebhook: DeleteWebhook;
  rotateWebhookSecret: RotateWebhookSecret;
  sendWebhookTestEvent: SendWebhookTestEvent;
  rotatePostbackSecret: RotatePostbackSecret;
}

/** Registration and management of a seller's webhooks, and its postback secret: the views show a secret only when it is new. */
export function webhookManagementCommands(d: { webhooks: WebhookManagementService }): WebhookManagementCommands {
  const { webhooks } = d;
  return {
    registerWebhook: async ({ seller, input }) => {
      const { secret, ...endpoint } = await webhooks.register(seller.id, parseWebhookRegistration(input));
      return answered(webhookView(endpoint, secret));
    },
    updateWebhook: async ({ seller, id, input }) => {
      let changes: ReturnType<typeof parseWebhookUpdate>;
      try {
        changes = parseWebhookUpdate(input);
      } catch (e) {
        await webhooks.get(seller.id, id); // an unknown id is a 404 whatever the body holds
        throw e;
      }
      return answered(webhookView(await webhooks.update(seller.id, id, changes)));
    },
    deleteWebhook: async ({ seller, id }) => {
      await webhooks.delete(seller.id, id);
      return answered({ id, deleted: true as const });
    },
    rotateWebhookSecret: async ({ seller, id }) => {
      const { secret, ...endpoint } = await webhooks.rotateSecret(seller.id, id);
      return answered(webhookView(endpoint, secret));
    },
    sendWebhookTestEvent: async ({ seller, id }) => answered(deliveryView(await webhooks.sendTestEvent(seller.id, id))),
    rotatePostbackSecret: async ({ seller }) => answered(postbackSecretView(await webhooks.rotatePostbackSecret(seller.id))),
  };
}
