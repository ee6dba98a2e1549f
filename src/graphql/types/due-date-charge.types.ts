import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Money } from './money.scalar';

const VALUE = 'cents for FIXED and AMOUNT_* modalities; hundredths of a percent for PERCENT_* ones (2.5% is 250)';

@ObjectType('DueDateTerm', { description: 'a fine, interest or abatement of a charge with a due date' })
export class DueDateTermType {
  @Field(() => String) modality!: string;
  @Field(() => Int, { description: VALUE }) value!: number;
}

@ObjectType('DueDateDiscountDate')
export class DueDateDiscountDateType {
  @Field(() => String, { description: 'YYYY-MM-DD: the discount holds when paid on or before it' }) until!: string;
  @Field(() => Int, { description: VALUE }) value!: number;
}

@ObjectType('DueDateDiscount')
export class DueDateDiscountType {
  @Field(() => String) modality!: string;
  @Field(() => Int, { nullable: true, description: `per-day modalities: ${VALUE}` }) value?: number;
  @Field(() => [DueDateDiscountDateType], { nullable: true, description: 'FIXED_UNTIL_DATES and PERCENT_UNTIL_DATES' }) dates?: DueDateDiscountDateType[];
}

@ObjectType('AmountComponents', { description: 'what a paid charge with a due date was paid for: original + fine + interest - abatement - discount = amount' })
export class AmountComponentsType {
  @Field(() => Money) original!: number;
  @Field(() => Money) fine!: number;
  @Field(() => Money) interest!: number;
  @Field(() => Money) abatement!: number;
  @Field(() => Money) discount!: number;
}

@ObjectType('DueDateCharge', { description: 'a PIX charge with a due date (API Pix cobv)' })
export class DueDateChargeType {
  @Field(() => String, { description: 'YYYY-MM-DD' }) dueDate!: string;
  @Field(() => Int) validityAfterDueDays!: number;
  @Field(() => String, { description: 'YYYY-MM-DD: the last day it can be paid (it expires at the end of it, Brasília time)' }) lastPayableDate!: string;
  @Field(() => Money, { description: 'the amount asked on the due date; `amount` becomes what was paid' }) originalAmount!: number;
  @Field(() => DueDateTermType, { nullable: true }) fine?: DueDateTermType;
  @Field(() => DueDateTermType, { nullable: true }) interest?: DueDateTermType;
  @Field(() => DueDateTermType, { nullable: true }) abatement?: DueDateTermType;
  @Field(() => DueDateDiscountType, { nullable: true }) discount?: DueDateDiscountType;
  @Field(() => AmountComponentsType, { nullable: true, description: 'once paid' }) amountComponents?: AmountComponentsType;
}

@InputType('DueDateTermInput')
export class DueDateTermInput {
  @Field(() => String, { nullable: true }) modality?: string;
  @Field(() => Int, { nullable: true, description: VALUE }) value?: number;
}

@InputType('DueDateDiscountDateInput')
export class DueDateDiscountDateInput {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, on or before dueDate' }) until?: string;
  @Field(() => Int, { nullable: true, description: VALUE }) value?: number;
}

@InputType('DueDateDiscountInput')
export class DueDateDiscountInput {
  @Field(() => String, { nullable: true, description: 'FIXED_UNTIL_DATES, PERCENT_UNTIL_DATES, AMOUNT_PER_CALENDAR_DAY_EARLY, AMOUNT_PER_BUSINESS_DAY_EARLY, PERCENT_PER_CALENDAR_DAY_EARLY or PERCENT_PER_BUSINESS_DAY_EARLY' })
  modality?: string;
  @Field(() => Int, { nullable: true, description: `per-day modalities: ${VALUE}` }) value?: number;
  @Field(() => [DueDateDiscountDateInput], { nullable: true, description: 'the dated modalities: 1 to 3 dates' }) dates?: DueDateDiscountDateInput[];
}
