import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageOf } from './page';
import { DISPUTE_STATUSES } from '../../domain/disputes/dispute-status';
import type { evidenceView } from '../../domain/disputes/evidence';
import { Money } from './money.scalar';

export const DisputeStatusGql = Object.fromEntries(DISPUTE_STATUSES.map((s) => [s, s])) as Record<string, string>;
registerEnumType(DisputeStatusGql, { name: 'DisputeStatus', description: 'new values may appear: handle unknown ones with a fallback' });

export enum DisputeOriginGql {
  MED = 'MED',
  CONTESTATION = 'CONTESTATION',
}
registerEnumType(DisputeOriginGql, { name: 'DisputeOrigin', description: 'MED: the PIX special return; CONTESTATION: another contestation' });

export enum DisputeOutcomeGql {
  WON = 'WON',
  LOST = 'LOST',
}
registerEnumType(DisputeOutcomeGql, { name: 'DisputeOutcome', description: 'WON: for the seller; LOST: for the buyer' });

@ObjectType('Dispute', { description: 'a contestation or MED return of one transaction; amounts in integer cents (BRL)' })
export class DisputeType {
  @Field(() => ID) id!: string;
  @Field(() => ID) transactionId!: string;
  @Field(() => DisputeStatusGql) status!: string;
  @Field(() => DisputeOriginGql) origin!: string;
  @Field(() => Money, { description: 'paid minus already refunded' }) amount!: number;
  @Field(() => Money, { description: 'retained from the available balance while it is analysed (contestations)' }) blockedAmount!: number;
  @Field(() => Money, { description: 'what the balance could not cover and became the seller\'s debt' }) owedAmount!: number;
  @Field(() => String, { nullable: true }) appealReason!: string | null;
  @Field(() => Date, { description: 'an OPEN dispute not appealed by then is decided for the buyer' }) appealDeadline!: Date;
  @Field(() => Date, { nullable: true }) appealedAt!: Date | null;
  @Field(() => Date, { nullable: true }) decidedAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;

  /** From the view the REST door and webhooks show (disputeView). */
  static fromView(v: Record<string, any>): DisputeType {
    const d = (x: unknown) => (typeof x === 'string' ? new Date(x) : null);
    return Object.assign(new DisputeType(), {
      ...v,
      appealReason: v.appealReason ?? null,
      appealDeadline: d(v.appealDeadline),
      appealedAt: d(v.appealedAt),
      decidedAt: d(v.decidedAt),
      createdAt: d(v.createdAt),
      updatedAt: d(v.updatedAt),
    });
  }
}

@ObjectType('DisputeEvidence', { description: 'a file sent with an appeal (metadata; the bytes are at downloadPath)' })
export class DisputeEvidenceType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'the file name as uploaded' }) name!: string;
  @Field(() => String, { description: 'PDF, PNG or JPG, judged by content' }) type!: string;
  @Field(() => String) mediaType!: string;
  @Field(() => Int, { description: 'bytes' }) size!: number;
  @Field(() => String) sha256!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String, { description: 'GET it with x-api-key or Authorization: Bearer <API key or session token>' }) downloadPath!: string;

  /** From the view the REST door shows (evidenceView). */
  static fromView(v: ReturnType<typeof evidenceView>): DisputeEvidenceType {
    return Object.assign(new DisputeEvidenceType(), { ...v, createdAt: new Date(v.createdAt) });
  }
}

@ObjectType('AppealLimits', { description: 'what appealDispute accepts, for clients that check before sending' })
export class AppealLimitsType {
  @Field(() => Int) maxFiles!: number;
  @Field(() => Int, { description: 'bytes per file' }) maxFileBytes!: number;
  @Field(() => Int, { description: 'bytes of the whole request' }) maxRequestBytes!: number;
  @Field(() => Int, { description: 'characters' }) maxReasonLength!: number;
  @Field(() => [String], { description: 'media types of the accepted files (judged by their first bytes)' }) mediaTypes!: string[];
}

@ObjectType('DisputePage')
export class DisputePageType extends PageOf(DisputeType) {}
