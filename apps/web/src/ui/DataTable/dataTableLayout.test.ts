import { describe, expect, it } from 'vitest';
import { cleanSettings, DETAIL_TOGGLE_WIDTH, fittedWidths, foldedColumns, moveColumn, nextCell } from './dataTableLayout';

const columns = [
  { id: 'name', size: 150, priority: 'always' as const },
  { id: 'staff', size: 120, priority: 1 },
  { id: 'status', size: 100, priority: 2 },
  { id: 'note', size: 40, priority: 3 },
  { id: 'total', size: 100, priority: 'always' as const },
];

describe('foldedColumns', () => {
  it('folds nothing while every column fits, or before the width is known', () => {
    expect([...foldedColumns(columns, 510)]).toEqual([]);
    expect([...foldedColumns(columns, 0)]).toEqual([]);
  });

  it('keeps the always columns and then the others by priority, beside the detail buttons', () => {
    // 509: 250 always + 44 buttons leave 215: staff (120) fits, status (100) does not.
    expect([...foldedColumns(columns, 509)]).toEqual(['status', 'note']);
    // Folding costs the detail buttons' column: a table 1 px short of its columns still folds one.
    expect([...foldedColumns(columns, 250 + DETAIL_TOGGLE_WIDTH + 215)]).toEqual(['status', 'note']);
    expect([...foldedColumns(columns, 300)]).toEqual(['staff', 'status', 'note']);
  });

  it('never shows a column of lower priority while one of higher priority is folded', () => {
    // The narrow note (priority 3) would fit where status (priority 2) does not: it folds too.
    expect(foldedColumns(columns, 250 + DETAIL_TOGGLE_WIDTH + 160).has('note')).toBe(true);
  });

  it('never folds an always column, however narrow', () => {
    const folded = foldedColumns(columns, 100);
    expect(folded.has('name')).toBe(false);
    expect(folded.has('total')).toBe(false);
  });
});

describe('fittedWidths', () => {
  const shown = [
    { id: 'name', size: 160, minSize: 80 },
    { id: 'total', size: 128, minSize: 112 },
  ];
  it('keeps the widths that fit', () => {
    expect(fittedWidths(shown, 400)).toEqual({ name: 160, total: 128 });
    expect(fittedWidths(shown, 0)).toEqual({ name: 160, total: 128 });
  });
  it('takes what is missing from the room above each minimum, in proportion, never below it', () => {
    // 48 px short; 80 + 16 px above the minimums: each gives half of its room.
    expect(fittedWidths(shown, 240)).toEqual({ name: 120, total: 120 });
    expect(fittedWidths(shown, 100)).toEqual({ name: 80, total: 112 });
  });
});

describe('cleanSettings', () => {
  const known = [
    { id: 'name', sortable: true, hideable: false, minSize: 80, maxSize: 400 },
    { id: 'total', sortable: true, hideable: true, minSize: 60, maxSize: 300 },
    { id: 'note', sortable: false, hideable: true, minSize: 60, maxSize: 300 },
  ];
  it('keeps what fits today’s columns', () => {
    expect(cleanSettings({ sorting: [{ id: 'total', desc: true }], columnVisibility: { total: false }, columnOrder: ['total', 'name'], columnSizing: { name: 200 } }, known)).toEqual({
      sorting: [{ id: 'total', desc: true }],
      columnVisibility: { total: false },
      columnOrder: ['total', 'name'],
      columnSizing: { name: 200 },
    });
  });
  it('drops the rest: unknown columns, a hidden column that may not hide, sorting a column that does not sort, widths out of range', () => {
    expect(
      cleanSettings({ sorting: [{ id: 'note', desc: false }, { id: 'gone', desc: true }], columnVisibility: { name: false, gone: false }, columnOrder: ['gone', 'note', 'note'], columnSizing: { name: 1, total: 1e9, note: Number.NaN } }, known),
    ).toEqual({ sorting: [], columnVisibility: { name: true }, columnOrder: ['note'], columnSizing: { name: 80, total: 300 } });
    expect(cleanSettings(null, known)).toEqual({ sorting: [], columnVisibility: {}, columnOrder: [], columnSizing: {} });
    expect(cleanSettings({ sorting: 'x', columnOrder: {} } as never, known)).toEqual({ sorting: [], columnVisibility: {}, columnOrder: [], columnSizing: {} });
  });
});

describe('moveColumn and nextCell', () => {
  it('moves a column one place, never past the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
  it('moves the focus within the table and ignores other keys', () => {
    expect(nextCell({ row: 0, col: 0 }, 'ArrowUp', false, 5, 3)).toEqual({ row: -1, col: 0 });
    expect(nextCell({ row: -1, col: 0 }, 'ArrowUp', false, 5, 3)).toEqual({ row: -1, col: 0 });
    expect(nextCell({ row: 4, col: 2 }, 'ArrowRight', false, 5, 3)).toEqual({ row: 4, col: 2 });
    expect(nextCell({ row: 2, col: 1 }, 'PageDown', false, 5, 3)).toEqual({ row: 4, col: 1 });
    expect(nextCell({ row: 2, col: 1 }, 'End', true, 5, 3)).toEqual({ row: 4, col: 2 });
    expect(nextCell({ row: 2, col: 1 }, 'a', false, 5, 3)).toBeNull();
  });
});
