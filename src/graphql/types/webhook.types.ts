import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageOf } from './page';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/webhook.types';

export enum WebhookCategoryGql {
  TRANSACTION = 'TRANSACTION',
  WITHDRAWAL = 'WITHDRAWAL',
  DISPUTE = 'DISPUTE',
  ALL = 'ALL',
}
registerEnumType(WebhookCategoryGql, { name: 'WebhookEventCategory', description: 'which events a webhook receives (SPEC eventType)' });

export enum DeliveryStatusGql {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  EXPIRED = 'EXPIRED',
  FAILED = 'FAILED',
  CANCELED = 'CANCELED',
}
registerEnumType(DeliveryStatusGql, { name: 'WebhookDeliveryStatus' });

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

  static from(e: WebhookEndpoint): WebhookType {
    return Object.assign(new WebhookType(), {
      id: e.id,
      eventType: e.category as WebhookCategoryGql,
      url: e.url,
      description: e.description,
      secretLast4: e.secretLast4,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      secretRotatedAt: e.secretRotatedAt,
    });
  }
}

@ObjectType('WebhookWithSecret')
export class WebhookWithSecretType {
  @Field(() => WebhookType) webhook!: WebhookType;
  @Field(() => String, { description: 'the signing secret; shown only here' }) secret!: string;
}

@ObjectType('PostbackSecret')
export class PostbackSecretType {
  @Field(() => String, { description: "signs deliveries to transactions' postbackUrl" }) secret!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) rotatedAt!: Date | null;
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

  static from(a: WebhookAttempt): WebhookAttemptType {
    return Object.assign(new WebhookAttemptType(), { ...a, webhookId: a.endpointId });
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

  static from(d: WebhookDelivery, attempts?: WebhookAttempt[]): WebhookDeliveryType {
    return Object.assign(new WebhookDeliveryType(), {
      ...d,
      resourceType: d.aggregateType,
      resourceId: d.aggregateId,
      webhookId: d.endpointId,
      status: d.status as DeliveryStatusGql,
      attemptLog: attempts ? attempts.map(WebhookAttemptType.from) : null,
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
