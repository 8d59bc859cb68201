import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row has this height, in pixels. */
  rowHeight: number;
  /** The key of a row. */
  getKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** The scrolling area's accessible name. */
  label: string;
  /** Height of the scrolling area (CSS). */
  height?: string;
  header?: ReactNode;
}

/**
 * A long list that keeps only the visible rows (and a few more) in the DOM, so a day of
 * thousands of tickets scrolls smoothly (TanStack Virtual). It is a named `list`; each row is a
 * `listitem` that says its position in the whole list (`aria-posinset` of `aria-setsize`), since
 * most rows are not in the DOM. The header is for the eye only (`aria-hidden`).
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, label, height = '70vh', header }: VirtualListProps<T>) {
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: (index) => getKey(items[index] as T),
    initialRect: { width: 800, height: 600 },
  });
  return (
    <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      {header ? <div aria-hidden="true">{header}</div> : null}
      <div ref={parentRef} data-testid="virtual-scroll" className="overflow-auto" style={{ height, maxHeight: `${items.length * rowHeight + 2}px` }}>
        <div role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => (
            <div
              key={v.key}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={v.index + 1}
              className="absolute inset-x-0 border-b border-slate-100"
              style={{ height: rowHeight, transform: `translateY(${v.start}px)` }}
            >
              {renderRow(items[v.index] as T, v.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
