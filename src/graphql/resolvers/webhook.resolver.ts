import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { offsetPage } from '../types/page';
import { type GqlContext, requireSeller } from '../context';
import {
  DeliveryStatusGql,
  PostbackSecretType,
  WebhookAttemptPageType,
  WebhookAttemptType,
  WebhookCategoryGql,
  WebhookDeliveryPageType,
  WebhookDeliveryType,
  WebhookResendResultType,
  WebhookType,
  WebhookWithSecretType,
} from '../types/webhook.types';

const withSecret = (r: Parameters<typeof WebhookType.from>[0] & { secret: string }) =>
  Object.assign(new WebhookWithSecretType(), { webhook: WebhookType.from(r), secret: r.secret });

/** Webhooks: the same use cases as the REST door (/v1/webhooks). */
@Resolver()
export class WebhookResolver {
  @Query(() => [WebhookType])
  async webhooks(@Ctx() ctx: GqlContext) {
    return (await ctx.services.webhooks.list(requireSeller(ctx).id)).map(WebhookType.from);
  }

  @Query(() => WebhookType)
  async webhook(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return WebhookType.from(await ctx.services.webhooks.get(requireSeller(ctx).id, id));
  }

  @Mutation(() => WebhookWithSecretType, { description: 'HTTPS URL only; the signing secret is returned only here' })
  async createWebhook(
    @Ctx() ctx: GqlContext,
    @Arg('eventType', () => WebhookCategoryGql) eventType: WebhookCategoryGql,
    @Arg('url', () => String) url: string,
    @Arg('description', () => String, { nullable: true }) description: string | null,
  ) {
    return withSecret(await ctx.services.webhooks.register(requireSeller(ctx).id, { eventType, url, description }));
  }

  @Mutation(() => WebhookType)
  async updateWebhook(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('eventType', () => WebhookCategoryGql, { nullable: true }) eventType: WebhookCategoryGql | null,
    @Arg('url', () => String, { nullable: true }) url: string | null,
    @Arg('description', () => String, { nullable: true }) description: string | null,
  ) {
    return WebhookType.from(
      await ctx.services.webhooks.update(requireSeller(ctx).id, id, {
        eventType: eventType ?? undefined,
        url: url ?? undefined,
        description: description ?? undefined,
      }),
    );
  }

  @Mutation(() => Boolean)
  async deleteWebhook(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    await ctx.services.webhooks.delete(requireSeller(ctx).id, id);
    return true;
  }

  @Mutation(() => WebhookWithSecretType, { description: 'the new secret signs every attempt from now on' })
  async rotateWebhookSecret(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return withSecret(await ctx.services.webhooks.rotateSecret(requireSeller(ctx).id, id));
  }

  @Mutation(() => WebhookDeliveryType, { description: 'queues a signed WEBHOOK_TEST event to this webhook' })
  async sendWebhookTestEvent(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return WebhookDeliveryType.from(await ctx.services.webhooks.sendTestEvent(requireSeller(ctx).id, id));
  }

  @Query(() => WebhookDeliveryPageType, { description: 'newest first; filter by webhook, event (X-Webhook-Id) or status' })
  async webhookDeliveries(
    @Ctx() ctx: GqlContext,
    @Arg('webhookId', () => ID, { nullable: true }) webhookId: string | null,
    @Arg('eventId', () => String, { nullable: true }) eventId: string | null,
    @Arg('status', () => DeliveryStatusGql, { nullable: true }) status: DeliveryStatusGql | null,
    @Arg('take', () => Int, { nullable: true }) take: number | null,
    @Arg('skip', () => Int, { nullable: true }) skip: number | null,
  ) {
    const page = await ctx.services.webhookReplay.listDeliveries(requireSeller(ctx).id, {
      webhookId: webhookId ?? undefined,
      eventId: eventId ?? undefined,
      status: status ?? undefined,
      take: take ?? undefined,
      skip: skip ?? undefined,
    });
    return Object.assign(new WebhookDeliveryPageType(), offsetPage(page.items.map((d) => WebhookDeliveryType.from(d)), page.total, page.take, page.skip));
  }

  @Query(() => WebhookDeliveryType, { description: 'one delivery with every attempt (attemptLog)' })
  async webhookDelivery(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    const { delivery, attempts } = await ctx.services.webhookReplay.getDelivery(requireSeller(ctx).id, id);
    return WebhookDeliveryType.from(delivery, attempts);
  }

  @Query(() => WebhookAttemptPageType, { description: 'newest first; per webhook or per event' })
  async webhookAttempts(
    @Ctx() ctx: GqlContext,
    @Arg('webhookId', () => ID, { nullable: true }) webhookId: string | null,
    @Arg('eventId', () => String, { nullable: true }) eventId: string | null,
    @Arg('take', () => Int, { nullable: true }) take: number | null,
    @Arg('skip', () => Int, { nullable: true }) skip: number | null,
  ) {
    const page = await ctx.services.webhookReplay.listAttempts(requireSeller(ctx).id, {
      webhookId: webhookId ?? undefined,
      eventId: eventId ?? undefined,
      take: take ?? undefined,
      skip: skip ?? undefined,
    });
    return Object.assign(new WebhookAttemptPageType(), offsetPage(page.items.map(WebhookAttemptType.from), page.total, page.take, page.skip));
  }

  @Mutation(() => [WebhookResendResultType], { description: 'resends the latest event of each withdrawal' })
  async resendWithdrawalEvents(@Ctx() ctx: GqlContext, @Arg('withdrawalIds', () => [ID]) withdrawalIds: string[]) {
    const results = await ctx.services.webhookReplay.resendLatest(requireSeller(ctx).id, 'WITHDRAWAL', withdrawalIds, 'withdrawalIds');
    return results.map((r) => Object.assign(new WebhookResendResultType(), r));
  }

  @Mutation(() => [WebhookResendResultType], { description: 'resends the latest event of each transaction' })
  async resendTransactionEvents(@Ctx() ctx: GqlContext, @Arg('transactionIds', () => [ID]) transactionIds: string[]) {
    const results = await ctx.services.webhookReplay.resendLatest(requireSeller(ctx).id, 'TRANSACTION', transactionIds, 'transactionIds');
    return results.map((r) => Object.assign(new WebhookResendResultType(), r));
  }

  @Mutation(() => Int, { description: 'new deliveries for every delivery that expired undelivered, created in [from, to]; returns how many' })
  async replayFailedWebhookDeliveries(
    @Ctx() ctx: GqlContext,
    @Arg('from', () => Date) from: Date,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Arg('webhookId', () => ID, { nullable: true }) webhookId: string | null,
  ) {
    const r = await ctx.services.webhookReplay.replayFailed(requireSeller(ctx).id, { from: from.toISOString(), to: to?.toISOString(), webhookId });
    return r.replayed;
  }

  @Query(() => PostbackSecretType, { description: "the secret that signs deliveries to transactions' postbackUrl" })
  async postbackSecret(@Ctx() ctx: GqlContext) {
    return Object.assign(new PostbackSecretType(), await ctx.services.webhooks.postbackSecret(requireSeller(ctx).id));
  }

  @Mutation(() => PostbackSecretType)
  async rotatePostbackSecret(@Ctx() ctx: GqlContext) {
    return Object.assign(new PostbackSecretType(), await ctx.services.webhooks.rotatePostbackSecret(requireSeller(ctx).id));
  }
}
