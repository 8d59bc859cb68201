/** One page of a paged list: its items and where it stands in the whole. */
export interface ListPage<T> {
  items: readonly T[];
  total: number;
  pageSize: number;
}

/**
 * Every item of a paged list, page after page (for printing the whole list), saying after each
 * page how many of the total are loaded.
 */
export async function loadEveryPage<T>(fetchPage: (page: number) => Promise<ListPage<T>>, onProgress: (loaded: number, total: number) => void): Promise<T[]> {
  const first = await fetchPage(1);
  const items = [...first.items];
  onProgress(items.length, first.total);
  const pages = Math.ceil(first.total / Math.max(1, first.pageSize));
  for (let page = 2; page <= pages; page++) {
    const next = await fetchPage(page);
    items.push(...next.items);
    onProgress(Math.min(items.length, next.total), next.total);
    if (next.items.length === 0) break;
  }
  return items;
}
