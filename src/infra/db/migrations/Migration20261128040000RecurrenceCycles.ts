import { Migration } from '@mikro-orm/migrations';

/**
 * The cycles of a PIX Automático recurrence (our record of each `cobr`): one row per
 * recurrence and cycle number, never two, each linked to the seller's charge of that cycle
 * and carrying its attempts. A recurrence gains the amount the seller set for its next
 * variable cycle and, in the sandbox, how many days its clock was moved ahead.
 */
export class Migration20261128040000RecurrenceCycles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table recurrences add column next_cycle_amount bigint null check (next_cycle_amount > 0);`);
    this.addSql(`alter table recurrences add column sandbox_clock_days integer not null default 0 check (sandbox_clock_days >= 0);`);
    this.addSql(`
      create table recurrence_cycles (
        recurrence_id text not null references recurrences (id),
        number integer not null check (number >= 1),
        seller_id text not null references sellers (id),
        due_date date not null,
        amount bigint null check (amount > 0),
        status text not null check (status in ('SCHEDULED','ACTIVE','FAILED','PAID','MISSED','CANCELLED')),
        transaction_id text null unique references transactions (id),
        attempts jsonb not null default '[]',
        next_attempt_on date null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (recurrence_id, number)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table recurrence_cycles;`);
    this.addSql(`alter table recurrences drop column sandbox_clock_days;`);
    this.addSql(`alter table recurrences drop column next_cycle_amount;`);
  }
}
