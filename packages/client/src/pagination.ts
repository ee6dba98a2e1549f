/** The page size the `listAll` helpers ask for (every list of the service takes at least 100). */
export const DEFAULT_PAGE_SIZE = 100;

export interface OffsetPage<T> {
  items: T[];
  /** How many items match the filter in all. */
  total: number;
}

/**
 * Every item of an offset-paged list, fetching the next page only when the loop reaches
 * it. Stops at the total or at a short page. The lists are newest first, so items created
 * while walking shift the offsets: an item may be seen twice (de-duplicate on `id` if it
 * matters) and none created after the walk started is promised.
 */
export async function* offsetPaged<T>(fetchPage: (offset: number, size: number) => Promise<OffsetPage<T>>, pageSize = DEFAULT_PAGE_SIZE): AsyncGenerator<T, void, undefined> {
  for (let offset = 0; ; ) {
    const page = await fetchPage(offset, pageSize);
    yield* page.items;
    offset += page.items.length;
    if (page.items.length < pageSize || offset >= page.total) return;
  }
}

/**
 * Every item of a keyset-paged list (the statement): each page starts after the id of the
 * previous page's last item, so rows written meanwhile never shift it.
 */
export async function* cursorPaged<T extends { id: string }>(fetchPage: (cursor: string | undefined, size: number) => Promise<T[]>, pageSize = DEFAULT_PAGE_SIZE): AsyncGenerator<T, void, undefined> {
  for (let cursor: string | undefined; ; ) {
    const items = await fetchPage(cursor, pageSize);
    yield* items;
    if (items.length < pageSize) return;
    cursor = items[items.length - 1]!.id;
  }
}

/** Collects an async iterable (a `listAll`) into an array, stopping after `max` items. */
export async function toArray<T>(items: AsyncIterable<T>, max = Number.POSITIVE_INFINITY): Promise<T[]> {
  const out: T[] = [];
  if (max <= 0) return out;
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
