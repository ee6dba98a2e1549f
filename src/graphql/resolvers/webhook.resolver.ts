import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { attemptView, deliveryView, postbackSecretView, webhookView } from '../../domain/webhooks/webhook-view';
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
  WebhookEnableResultType,
  WebhookStateChangeType,
  WebhookStatsType,
} from '../types/webhook.types';

const resendResults = (r: { view: { results: object[] } }) => r.view.results.map((x) => Object.assign(new WebhookResendResultType(), x));

/** Webhooks: the same commands and views as the REST door (/v1/webhooks). */
@Resolver()
export class WebhookResolver {
  @Query(() => [WebhookType])
  async webhooks(@Ctx() ctx: GqlContext) {
    return (await ctx.services.webhooks.list(requireSeller(ctx).id)).map((e) => WebhookType.fromView(webhookView(e)));
  }

  @Query(() => WebhookType)
  async webhook(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return WebhookType.fromView(webhookView(await ctx.services.webhooks.get(requireSeller(ctx).id, id)));
  }

  @Mutation(() => WebhookWithSecretType, { description: 'HTTPS URL only; the signing secret is returned only here' })
  async createWebhook(
    @Ctx() ctx: GqlContext,
    @Arg('eventType', () => WebhookCategoryGql) eventType: WebhookCategoryGql,
    @Arg('url', () => String) url: string,
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Arg('maxDeliveriesPerSecond', () => Int, { nullable: true }) maxDeliveriesPerSecond: number | null,
  ) {
    const r = await ctx.services.commands.registerWebhook({ seller: requireSeller(ctx), input: { eventType, url, description, maxDeliveriesPerSecond } });
    return WebhookWithSecretType.fromView(r.view);
  }

  @Mutation(() => WebhookType)
  async updateWebhook(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('eventType', () => WebhookCategoryGql, { nullable: true }) eventType: WebhookCategoryGql | null,
    @Arg('url', () => String, { nullable: true }) url: string | null,
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Arg('maxDeliveriesPerSecond', () => Int, { nullable: true, description: '0 removes the limit' }) maxDeliveriesPerSecond: number | null,
  ) {
    // A null argument leaves the field as it is.
    const rate = maxDeliveriesPerSecond === null ? undefined : maxDeliveriesPerSecond === 0 ? null : maxDeliveriesPerSecond;
    const input = { eventType: eventType ?? undefined, url: url ?? undefined, description: description ?? undefined, maxDeliveriesPerSecond: rate };
    return WebhookType.fromView((await ctx.services.commands.updateWebhook({ seller: requireSeller(ctx), id, input })).view);
  }

  @Mutation(() => Boolean)
  async deleteWebhook(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return (await ctx.services.commands.deleteWebhook({ seller: requireSeller(ctx), id })).view.deleted;
  }

  @Mutation(() => WebhookWithSecretType, { description: 'the new secret signs every attempt from now on' })
  async rotateWebhookSecret(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return WebhookWithSecretType.fromView((await ctx.services.commands.rotateWebhookSecret({ seller: requireSeller(ctx), id })).view);
  }

  @Mutation(() => WebhookDeliveryType, { description: 'queues a signed WEBHOOK_TEST event to this webhook' })
  async sendWebhookTestEvent(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return WebhookDeliveryType.fromView((await ctx.services.commands.sendWebhookTestEvent({ seller: requireSeller(ctx), id })).view);
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
    const items = page.items.map((d) => WebhookDeliveryType.fromView(deliveryView(d)));
    return Object.assign(new WebhookDeliveryPageType(), offsetPage(items, page.total, page.take, page.skip));
  }

  @Query(() => WebhookDeliveryType, { description: 'one delivery with every attempt (attemptLog)' })
  async webhookDelivery(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    const { delivery, attempts } = await ctx.services.webhookReplay.getDelivery(requireSeller(ctx).id, id);
    return WebhookDeliveryType.fromView(deliveryView(delivery), attempts.map(attemptView));
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
    const items = page.items.map((a) => WebhookAttemptType.fromView(attemptView(a)));
    return Object.assign(new WebhookAttemptPageType(), offsetPage(items, page.total, page.take, page.skip));
  }

  @Mutation(() => [WebhookResendResultType], { description: 'resends the latest event of each withdrawal' })
  async resendWithdrawalEvents(@Ctx() ctx: GqlContext, @Arg('withdrawalIds', () => [ID]) withdrawalIds: string[]) {
    return resendResults(await ctx.services.commands.resendWithdrawalEvents({ seller: requireSeller(ctx), input: { withdrawalIds } }));
  }

  @Mutation(() => [WebhookResendResultType], { description: 'resends the latest event of each transaction' })
  async resendTransactionEvents(@Ctx() ctx: GqlContext, @Arg('transactionIds', () => [ID]) transactionIds: string[]) {
    return resendResults(await ctx.services.commands.resendTransactionEvents({ seller: requireSeller(ctx), input: { transactionIds } }));
  }

  @Mutation(() => Int, { description: 'new deliveries for every delivery that expired undelivered, created in [from, to]; returns how many' })
  async replayFailedWebhookDeliveries(
    @Ctx() ctx: GqlContext,
    @Arg('from', () => Date) from: Date,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Arg('webhookId', () => ID, { nullable: true }) webhookId: string | null,
  ) {
    const r = await ctx.services.commands.replayFailedWebhookDeliveries({ seller: requireSeller(ctx), input: { from, to, webhookId } });
    return r.view.replayed;
  }

  @Mutation(() => WebhookEnableResultType, { description: 'ACTIVE again; with recoverSince, its held and expired deliveries created since then are sent again' })
  async enableWebhook(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string, @Arg('recoverSince', () => Date, { nullable: true }) recoverSince: Date | null) {
    const { view } = await ctx.services.commands.enableWebhook({ seller: requireSeller(ctx), id, input: { recoverSince } });
    return Object.assign(new WebhookEnableResultType(), { webhook: WebhookType.fromView(view), recovered: view.recovered });
  }

  @Query(() => [WebhookStateChangeType], { description: "the webhook's state changes, newest first (at most 100)" })
  async webhookStateChanges(@Ctx() ctx: GqlContext, @Arg('webhookId', () => ID) webhookId: string) {
    const changes = await ctx.services.webhookHealth.history(requireSeller(ctx).id, webhookId);
    return changes.map((c) => Object.assign(new WebhookStateChangeType(), { id: c.id, from: c.from, to: c.to, reason: c.reason, detail: c.detail, changedAt: c.at }));
  }

  @Query(() => WebhookStatsType, { description: 'attempts, success rate, latency p50/p95 over 24 h and 7 days, per day, and the last error' })
  async webhookStats(@Ctx() ctx: GqlContext, @Arg('webhookId', () => ID) webhookId: string) {
    return ctx.services.webhookStats.of(requireSeller(ctx).id, webhookId);
  }

  @Query(() => PostbackSecretType, { description: "the secret that signs deliveries to transactions' postbackUrl" })
  async postbackSecret(@Ctx() ctx: GqlContext) {
    return PostbackSecretType.fromView(postbackSecretView(await ctx.services.webhooks.postbackSecret(requireSeller(ctx).id)));
  }

  @Mutation(() => PostbackSecretType)
  async rotatePostbackSecret(@Ctx() ctx: GqlContext) {
    return PostbackSecretType.fromView((await ctx.services.commands.rotatePostbackSecret({ seller: requireSeller(ctx) })).view);
  }
}
