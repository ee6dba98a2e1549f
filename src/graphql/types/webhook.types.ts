import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageOf } from './page';
import type { PostbackSecretView, WebhookAttemptView, WebhookDeliveryView, WebhookView } from '../../domain/webhooks/webhook-view';

const date = (iso: string) => new Date(iso);
const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

export enum WebhookCategoryGql {
  TRANSACTION = 'TRANSACTION',
  WITHDRAWAL = 'WITHDRAWAL',
  DISPUTE = 'DISPUTE',
  RECURRENCE = 'RECURRENCE',
  SPLIT_SHARE = 'SPLIT_SHARE',
  ALL = 'ALL',
}
registerEnumType(WebhookCategoryGql, { name: 'WebhookEventCategory', description: 'which events a webhook receives (SPEC eventType)' });

export enum DeliveryStatusGql {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  EXPIRED = 'EXPIRED',
  FAILED = 'FAILED',
  CANCELED = 'CANCELED',
  HELD = 'HELD',
}
registerEnumType(DeliveryStatusGql, { name: 'WebhookDeliveryStatus', valuesConfig: { HELD: { description: 'its webhook is disabled: kept for a recovery when it is enabled again' } } });

export enum WebhookStateGql {
  ACTIVE = 'ACTIVE',
  FAILING = 'FAILING',
  DISABLED = 'DISABLED',
}
registerEnumType(WebhookStateGql, { name: 'WebhookState', description: 'FAILING: every attempt failed for a while; DISABLED: no deliveries sent (events held) until enabled again' });

export enum WebhookStateReasonGql {
  DELIVERIES_FAILING = 'DELIVERIES_FAILING',
  DELIVERIES_FAILED_TOO_LONG = 'DELIVERIES_FAILED_TOO_LONG',
  DELIVERY_SUCCEEDED = 'DELIVERY_SUCCEEDED',
  ENABLED_BY_SELLER = 'ENABLED_BY_SELLER',
}
registerEnumType(WebhookStateReasonGql, { name: 'WebhookStateReason' });

@ObjectType('WebhookStateChange', { description: "one change of a webhook's state, with its reason" })
export class WebhookStateChangeType {
  @Field(() => ID) id!: string;
  @Field(() => WebhookStateGql) from!: WebhookStateGql;
  @Field(() => WebhookStateGql) to!: WebhookStateGql;
  @Field(() => WebhookStateReasonGql) reason!: WebhookStateReasonGql;
  @Field(() => String) detail!: string;
  @Field(() => Date) changedAt!: Date;
}

@ObjectType('Webhook')
export class WebhookType {
  @Field(() => ID) id!: string;
  @Field(() => WebhookCategoryGql) eventType!: WebhookCategoryGql;
  @Field(() => String) url!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { description: 'last 4 characters of the signing secret' }) secretLast4!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Date, { nullable: true }) secretRotatedAt!: Date | null;
  @Field(() => WebhookStateGql, { description: 'the dashboard shows a notice while it is not ACTIVE' }) state!: WebhookStateGql;
  @Field(() => Date, { nullable: true }) stateChangedAt!: Date | null;
  @Field(() => WebhookStateReasonGql, { nullable: true }) stateReason!: WebhookStateReasonGql | null;
  @Field(() => Int, { nullable: true, description: 'at most this many deliveries per second to it; null: no limit of its own' }) maxDeliveriesPerSecond!: number | null;

  static fromView(v: WebhookView): WebhookType {
    return Object.assign(new WebhookType(), {
      id: v.id,
      eventType: v.eventType as WebhookCategoryGql,
      url: v.url,
      description: v.description,
      secretLast4: v.secretLast4,
      createdAt: date(v.createdAt),
      updatedAt: date(v.updatedAt),
      secretRotatedAt: dateOrNull(v.secretRotatedAt),
      state: v.state as WebhookStateGql,
      stateChangedAt: dateOrNull(v.stateChangedAt),
      stateReason: v.stateReason as WebhookStateReasonGql | null,
      maxDeliveriesPerSecond: v.maxDeliveriesPerSecond,
    });
  }
}

@ObjectType('WebhookWithSecret')
export class WebhookWithSecretType {
  @Field(() => WebhookType) webhook!: WebhookType;
  @Field(() => String, { description: 'the signing secret; shown only here' }) secret!: string;

  /** The view of a registration or a rotation, which holds the secret. */
  static fromView(v: WebhookView): WebhookWithSecretType {
    return Object.assign(new WebhookWithSecretType(), { webhook: WebhookType.fromView(v), secret: v.secret });
  }
}

@ObjectType('PostbackSecret')
export class PostbackSecretType {
  @Field(() => String, { description: "signs deliveries to transactions' postbackUrl" }) secret!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) rotatedAt!: Date | null;

  static fromView(v: PostbackSecretView): PostbackSecretType {
    return Object.assign(new PostbackSecretType(), { secret: v.secret, createdAt: date(v.createdAt), rotatedAt: dateOrNull(v.rotatedAt) });
  }
}

@ObjectType('WebhookAttempt')
export class WebhookAttemptType {
  @Field(() => ID) id!: string;
  @Field(() => ID) deliveryId!: string;
  @Field(() => String) eventId!: string;
  @Field(() => ID, { nullable: true }) webhookId!: string | null;
  @Field(() => Int) number!: number;
  @Field(() => Int) cycle!: number;
  @Field(() => Int) attemptInCycle!: number;
  @Field(() => Date) attemptedAt!: Date;
  @Field(() => String) url!: string;
  @Field(() => Boolean) success!: boolean;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => Int) latencyMs!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'at most 1 KB of the response body' }) responseExcerpt!: string | null;

  static fromView(v: WebhookAttemptView): WebhookAttemptType {
    return Object.assign(new WebhookAttemptType(), { ...v, attemptedAt: date(v.attemptedAt) });
  }
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'sent as X-Webhook-Id' }) eventId!: string;
  @Field(() => String) eventType!: string;
  @Field(() => String) resourceType!: string;
  @Field(() => String) resourceId!: string;
  @Field(() => String, { description: 'ENDPOINT (a registration) or POSTBACK (the transaction postbackUrl)' }) target!: string;
  @Field(() => ID, { nullable: true }) webhookId!: string | null;
  @Field(() => String) url!: string;
  @Field(() => String, { description: 'EVENT, MANUAL, REPLAY or TEST' }) trigger!: string;
  @Field(() => DeliveryStatusGql) status!: DeliveryStatusGql;
  @Field(() => Int) attempts!: number;
  @Field(() => Int) cycle!: number;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date, { nullable: true }) lastAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => ID, { nullable: true }) replayOf!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => [WebhookAttemptType], { nullable: true, description: 'only on webhookDelivery(id)' }) attemptLog!: WebhookAttemptType[] | null;

  static fromView(v: WebhookDeliveryView, attempts?: WebhookAttemptView[]): WebhookDeliveryType {
    return Object.assign(new WebhookDeliveryType(), {
      ...v,
      status: v.status as DeliveryStatusGql,
      nextAttemptAt: dateOrNull(v.nextAttemptAt),
      expiresAt: date(v.expiresAt),
      lastAttemptAt: dateOrNull(v.lastAttemptAt),
      deliveredAt: dateOrNull(v.deliveredAt),
      createdAt: date(v.createdAt),
      attemptLog: attempts ? attempts.map(WebhookAttemptType.fromView) : null,
    });
  }
}

@ObjectType('WebhookDeliveryPage')
export class WebhookDeliveryPageType extends PageOf(WebhookDeliveryType) {}

@ObjectType('WebhookAttemptPage')
export class WebhookAttemptPageType extends PageOf(WebhookAttemptType) {}

@ObjectType('WebhookResendResult')
export class WebhookResendResultType {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true, description: 'null when the resource has no event (unknown id)' }) eventId!: string | null;
  @Field(() => String, { nullable: true }) eventType!: string | null;
  @Field(() => Int) deliveries!: number;
}

@ObjectType('WebhookEnableResult')
export class WebhookEnableResultType {
  @Field(() => WebhookType) webhook!: WebhookType;
  @Field(() => Int, { description: 'deliveries sent again (recoverSince)' }) recovered!: number;
}

@ObjectType('WebhookWindowStats', { description: 'attempts to a webhook over a time window' })
export class WebhookWindowStatsType {
  @Field(() => Int) attempts!: number;
  @Field(() => Int) successes!: number;
  @Field(() => Float, { nullable: true, description: 'successes / attempts (0 to 1); null without attempts' }) successRate!: number | null;
  @Field(() => Int, { nullable: true }) p50LatencyMs!: number | null;
  @Field(() => Int, { nullable: true }) p95LatencyMs!: number | null;
}

@ObjectType('WebhookDayStats')
export class WebhookDayStatsType {
  @Field(() => String, { description: 'UTC day, YYYY-MM-DD' }) day!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => Int) successes!: number;
}

@ObjectType('WebhookLastError')
export class WebhookLastErrorType {
  @Field(() => String, { description: 'HTTP_<status>, TIMEOUT, CONNECTION_FAILED...' }) error!: string;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => Date) at!: Date;
}

@ObjectType('WebhookStats')
export class WebhookStatsType {
  @Field(() => WebhookWindowStatsType) last24h!: WebhookWindowStatsType;
  @Field(() => WebhookWindowStatsType) last7d!: WebhookWindowStatsType;
  @Field(() => [WebhookDayStatsType], { description: 'the last 7 UTC days, oldest first (the chart)' }) daily!: WebhookDayStatsType[];
  @Field(() => WebhookLastErrorType, { nullable: true }) lastError!: WebhookLastErrorType | null;
}
