import { Field, Int, ObjectType, type ClassType } from 'type-graphql';

/** Every list of the schema answers one page in this shape (the REST door keeps SPEC's three shapes). */
export function PageOf<T extends object>(item: ClassType<T>) {
  @ObjectType()
  abstract class Page {
    @Field(() => [item]) items!: T[];
    @Field(() => Int, { description: 'how many match the filters, whatever the page' }) total!: number;
    @Field(() => Int, { description: 'the page size applied' }) take!: number;
    @Field(() => Int, { description: 'how many matches were skipped before this page' }) skip!: number;
    @Field(() => Boolean, { description: 'whether more matches follow this page' }) hasNextPage!: boolean;
  }
  return Page;
}

/** The fields of an offset page; hasNextPage follows from them. */
export const offsetPage = <T>(items: T[], total: number, take: number, skip: number) => ({ items, total, take, skip, hasNextPage: skip + items.length < total });
