import { describe, expect, it, vi } from 'vitest';
import { loadEveryPage } from './loadEveryPage';

describe('loadEveryPage', () => {
  it('loads each page once, in order, reporting progress', async () => {
    const all = Array.from({ length: 123 }, (_, i) => i);
    const fetchPage = vi.fn(async (page: number) => ({ items: all.slice((page - 1) * 50, page * 50), total: all.length, pageSize: 50 }));
    const progress = vi.fn();
    expect(await loadEveryPage(fetchPage, progress)).toEqual(all);
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([1, 2, 3]);
    expect(progress.mock.calls).toEqual([
      [50, 123],
      [100, 123],
      [123, 123],
    ]);
  });

  it('stops when the list shrank under it', async () => {
    const fetchPage = vi.fn(async (page: number) => ({ items: page === 1 ? [1, 2] : [], total: 6, pageSize: 2 }));
    expect(await loadEveryPage(fetchPage, () => undefined)).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
