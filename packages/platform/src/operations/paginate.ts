import { requireInteger } from '../checks.js';
import type { Pagination } from '../schemas/control-plane.js';

/** Where a listing starts and how much each page holds. */
export interface PageOptions {
  /** First item (default 0, the server's default). */
  offset?: number;
  /** Items per page (the server defaults to 20). */
  limit?: number;
  /** Cancels the requests. */
  signal?: AbortSignal;
}

/** An async iterable over every item of a listing, page by page, with the pages themselves on `pages()`. */
export interface PageIterable<T, P> extends AsyncIterable<T> {
  /** Every page, starting at `offset`, until `pagination.total` is reached or a page comes back empty. */
  pages(): AsyncGenerator<P, void, undefined>;
  /** Collects every item of every page. */
  toArray(): Promise<T[]>;
}

/** Most pages an iteration fetches; a guard against a server whose `total` keeps growing. */
export const MAX_PAGES = 10_000;

/** Checks `offset` (>= 0) and `limit` (>= 1) when given. */
export function checkPageOptions(options: PageOptions | undefined): { offset?: number; limit?: number } {
  return {
    offset: options?.offset === undefined ? undefined : requireInteger('offset', options.offset, 0),
    limit: options?.limit === undefined ? undefined : requireInteger('limit', options.limit, 1),
  };
}

/**
 * Iterates a listing: fetches the page at `offset`, then the next one at `offset + items.length`,
 * until `total` is reached, a page is empty, or {@link MAX_PAGES} pages were read.
 */
export function paginate<T, P extends { pagination: Pagination }>(
  fetchPage: (offset: number | undefined, limit: number | undefined) => Promise<P>,
  itemsOf: (page: P) => T[],
  options: PageOptions | undefined,
): PageIterable<T, P> {
  const start = checkPageOptions(options);
  async function* pages(): AsyncGenerator<P, void, undefined> {
    let offset = start.offset;
    for (let count = 0; count < MAX_PAGES; count += 1) {
      const page = await fetchPage(offset, start.limit);
      yield page;
      const items = itemsOf(page).length;
      const next = page.pagination.offset + items;
      if (items === 0 || next >= page.pagination.total) return;
      offset = next;
    }
  }
  async function* each(): AsyncGenerator<T, void, undefined> {
    for await (const page of pages()) yield* itemsOf(page);
  }
  return {
    pages,
    [Symbol.asyncIterator]: each,
    async toArray() {
      const all: T[] = [];
      for await (const item of each()) all.push(item);
      return all;
    },
  };
}
