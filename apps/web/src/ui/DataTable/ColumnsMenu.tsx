import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactTable, RowData } from '@tanstack/react-table';
import { moveColumn } from './dataTableLayout';
import type { Features, TableColumn } from './tableFeatures';

/** The Columns menu: show or hide each column, move it, set its width; reset them all. */
export function ColumnsMenu<T extends RowData>({
  table,
  columns,
  caption,
  onReset,
}: {
  table: ReactTable<Features, T>;
  columns: TableColumn<T>[];
  caption: string;
  onReset: () => void;
}) {
  const ordered = columns.filter((c) => c.getIsPinned() !== 'start');
  const order = ordered.map((c) => c.id);
  const move = (id: string, by: -1 | 1) => {
    const pinned = columns.filter((c) => c.getIsPinned() === 'start').map((c) => c.id);
    table.setColumnOrder([...pinned, ...moveColumn(order, id, by)]);
  };
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={`Columns of ${caption}`}
        className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-open:bg-slate-100"
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="2" y="2.5" width="12" height="11" rx="1.5" />
          <path d="M6 2.5v11M10 2.5v11" />
        </svg>
        Columns
      </PopoverButton>
      <PopoverPanel
        role="group"
        aria-label={`Columns of ${caption}`}
        className="absolute right-0 z-50 mt-2 max-h-[min(28rem,70dvh)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
      >
        <ul className="space-y-2">
          {columns.map((column) => {
            const header = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
            const place = order.indexOf(column.id);
            const pinned = column.getIsPinned() === 'start';
            return (
              <li key={column.id} className="rounded-lg px-1 py-1">
                <div className="flex items-center gap-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2">
                    <input
                      type="checkbox"
                      checked={column.getIsVisible()}
                      disabled={!column.getCanHide()}
                      onChange={(e) => column.toggleVisibility(e.target.checked)}
                      className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                    />
                    <span className="truncate text-slate-800">{header}</span>
                    {!column.getCanHide() ? <span className="text-xs text-slate-500">always shown</span> : null}
                  </label>
                  {pinned ? null : (
                    <>
                      <MoveButton label={`Move ${header} up`} disabled={place <= 0} onClick={() => move(column.id, -1)} direction="up" />
                      <MoveButton label={`Move ${header} down`} disabled={place >= order.length - 1} onClick={() => move(column.id, 1)} direction="down" />
                    </>
                  )}
                </div>
                <label className="mt-1 flex items-center gap-2 pl-6 text-xs text-slate-500">
                  <span className="w-10 shrink-0">Width</span>
                  <input
                    type="range"
                    aria-label={`Width of ${header}`}
                    min={column.columnDef.minSize}
                    max={column.columnDef.maxSize}
                    step={8}
                    value={column.getSize()}
                    onChange={(e) => table.setColumnSizing((sizes) => ({ ...sizes, [column.id]: Number(e.target.value) }))}
                    className="min-w-0 flex-1 accent-brand-600"
                  />
                  <span className="w-12 text-right tabular-nums">{column.getSize()} px</span>
                </label>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex justify-end border-t border-slate-100 pt-3">
          <button type="button" onClick={onReset} className="h-8 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            Reset columns
          </button>
        </div>
      </PopoverPanel>
    </Popover>
  );
}

function MoveButton({ label, disabled, onClick, direction }: { label: string; disabled: boolean; onClick: () => void; direction: 'up' | 'down' }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      <svg viewBox="0 0 12 12" aria-hidden="true" className="size-3">
        <path d={direction === 'up' ? 'M6 2.5 10 8H2z' : 'M6 9.5 2 4h8z'} fill="currentColor" />
      </svg>
    </button>
  );
}
