import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { CycleView } from '../../domain/recurrences/cycle-view';
import type { AdvancedRecurrenceView } from '../../domain/recurrences/recurrence-cycle.commands';
import { Money } from './money.scalar';
import { RecurrenceType } from './recurrence.types';

@ObjectType('RecurrenceCycleAttempt', { description: 'one attempt of the payer’s institution to settle a cycle' })
export class RecurrenceCycleAttemptType {
  @Field(() => Int, { description: '1 on the due date, then each retry' }) number!: number;
  @Field(() => String, { description: 'YYYY-MM-DD' }) on!: string;
  @Field(() => String, { description: 'PAID or FAILED' }) outcome!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Date) at!: Date;
}

@ObjectType('RecurrenceCycle', { description: 'a cycle of a recurrence (API Pix cobr), as GET /recurrences/{id}/cycles answers it' })
export class RecurrenceCycleType {
  @Field(() => Int, { description: '1 for the cycle due on the first date' }) number!: number;
  @Field(() => String, { description: 'YYYY-MM-DD' }) dueDate!: string;
  @Field(() => Money, { nullable: true }) amount!: number | null;
  @Field(() => String, { description: 'SCHEDULED, ACTIVE, FAILED, PAID, MISSED or CANCELLED; new values may appear' }) status!: string;
  @Field(() => ID, { nullable: true, description: 'the seller’s charge of the cycle' }) transactionId!: string | null;
  @Field(() => Int, { description: 'how many attempts the payer’s institution made' }) attempts!: number;
  @Field(() => [RecurrenceCycleAttemptType]) attemptHistory!: RecurrenceCycleAttemptType[];
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: the retry after a failed attempt' }) nextAttemptOn!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;

  static fromView(v: CycleView): RecurrenceCycleType {
    return Object.assign(new RecurrenceCycleType(), {
      ...v,
      attemptHistory: v.attemptHistory.map((a) => Object.assign(new RecurrenceCycleAttemptType(), { ...a, at: new Date(a.at) })),
      createdAt: new Date(v.createdAt),
      updatedAt: new Date(v.updatedAt),
    });
  }
}

@ObjectType('SandboxRecurrenceClock', { description: 'a recurrence after its sandbox clock moved to its next cycle' })
export class SandboxRecurrenceClockType {
  @Field(() => RecurrenceType) recurrence!: RecurrenceType;
  @Field(() => String, { description: 'YYYY-MM-DD: the recurrence’s own today' }) clockDate!: string;
  @Field(() => RecurrenceCycleType, { description: 'the cycle just made' }) cycle!: RecurrenceCycleType;

  static fromView(v: AdvancedRecurrenceView): SandboxRecurrenceClockType {
    const { clockDate, cycle, ...recurrence } = v;
    return Object.assign(new SandboxRecurrenceClockType(), { recurrence: RecurrenceType.fromView(recurrence), clockDate, cycle: RecurrenceCycleType.fromView(cycle) });
  }
}
