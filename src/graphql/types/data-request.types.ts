import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import type { DataRequest, DataRequestEvent } from '../../domain/privacy/data-subject.types';

export enum DataRequestKindGql {
  EXPORT = 'EXPORT',
  ERASURE = 'ERASURE',
}
registerEnumType(DataRequestKindGql, { name: 'DataRequestKind' });

export enum DataRequestStatusGql {
  QUEUED = 'QUEUED',
  COMPLETED = 'COMPLETED',
  OPEN = 'OPEN',
  EXECUTED = 'EXECUTED',
  REJECTED = 'REJECTED',
}
registerEnumType(DataRequestStatusGql, { name: 'DataRequestStatus', description: 'EXPORT: QUEUED -> COMPLETED; ERASURE: OPEN -> EXECUTED | REJECTED' });

@ObjectType('DataRequestEvent', { description: 'one step of a data-subject request: who (user:<id>, operator:<id>, system), when, what' })
export class DataRequestEventType {
  @Field(() => Date) at!: Date;
  @Field(() => String) actor!: string;
  @Field(() => String) action!: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) detail!: Record<string, unknown> | null;

  static from(e: DataRequestEvent): DataRequestEventType {
    return Object.assign(new DataRequestEventType(), e);
  }
}

@ObjectType('DataRequest', { description: 'a data-subject request (LGPD): an export or an erasure' })
export class DataRequestType {
  @Field(() => ID) requestId!: string;
  @Field(() => DataRequestKindGql) kind!: DataRequestKindGql;
  @Field(() => DataRequestStatusGql) status!: DataRequestStatusGql;
  @Field(() => ID) userId!: string;
  @Field(() => ID, { nullable: true }) sellerId!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Date) requestedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'erasure: 15 business days after the request (Brazilian national holidays skipped)' }) dueAt!: Date | null;
  @Field(() => Boolean, { description: 'still open after its due date' }) overdue!: boolean;
  @Field(() => Date, { nullable: true }) closedAt!: Date | null;
  @Field(() => String, { nullable: true }) closedBy!: string | null;
  @Field(() => String, { nullable: true }) rejectionReason!: string | null;
  @Field(() => Date, { nullable: true, description: 'erasure: when the data kept for legal duties is anonymised too' }) retentionUntil!: Date | null;
  @Field(() => Date, { nullable: true }) retentionDoneAt!: Date | null;

  static from(r: DataRequest, now: Date): DataRequestType {
    return Object.assign(new DataRequestType(), {
      requestId: r.id,
      kind: r.kind,
      status: r.status,
      userId: r.userId,
      sellerId: r.sellerId,
      reason: r.reason,
      requestedAt: r.requestedAt,
      dueAt: r.dueAt,
      overdue: (r.status === 'OPEN' || r.status === 'QUEUED') && r.dueAt !== null && r.dueAt < now,
      closedAt: r.closedAt,
      closedBy: r.closedBy,
      rejectionReason: r.rejectionReason,
      retentionUntil: r.retentionUntil,
      retentionDoneAt: r.retentionDoneAt,
    });
  }
}

@ObjectType('DataExport', { description: 'queued: the file is mailed (requestId, requestedAt); otherwise data holds the export' })
export class DataExportType {
  @Field(() => Boolean) queued!: boolean;
  @Field(() => ID, { nullable: true }) requestId!: string | null;
  @Field(() => Date, { nullable: true }) requestedAt!: Date | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'the same shape as GET /data-subject/export answers directly' }) data!: Record<string, unknown> | null;
}
