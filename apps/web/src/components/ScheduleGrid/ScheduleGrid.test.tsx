import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GridEntry, ScheduleGrid, type ScheduleGridProps } from '.';

const columns = [
  { key: '2025-06-02', label: 'Mon', sublabel: 'Jun 2', summary: '8 h staffed', summaryLabel: 'Staffed hours 8 h' },
  { key: '2025-06-03', label: 'Tue', sublabel: 'Jun 3', summary: '0 h staffed', summaryLabel: 'Staffed hours 0 h' },
];
const rows = [
  { id: 1, name: 'Ava Bennett', color: '#F87171' },
  { id: 2, name: 'Noah Diaz', color: '#60A5FA' },
];
// 07:00–22:00 in a cell 900 px wide: one pixel is one minute.
const span = { open: 420, close: 1320, snap: 15 };
const entries: GridEntry[] = [{ id: 7, rowId: 1, columnKey: '2025-06-02', start: 540, end: 1020, tone: 'draft' }];

function setup(props: Partial<ScheduleGridProps> = {}) {
  const handlers = { onCreate: vi.fn(), onChange: vi.fn(), onOpen: vi.fn(), onDelete: vi.fn(), onRefuse: vi.fn() };
  render(
    <ScheduleGrid
      label="Schedule"
      columns={columns}
      rows={rows}
      entries={entries}
      span={span}
      editable
      rowSummaries={new Map([[1, { text: '8 h', label: 'Scheduled hours 8 h' }]])}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

/** jsdom has no layout: every cell and bar is 900 px wide from x = 0, and frames run at once. */
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ left: 0, right: 900, top: 0, bottom: 48, width: 900, height: 48, x: 0, y: 0, toJSON: () => ({}) });
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(performance.now()), 0) as unknown as number);
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  // The scroller's size, as the row virtualiser reads it once the first frame is drawn.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  // Nothing else under the pointer: a moved bar stays in its cell.
  document.elementFromPoint = () => null;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const cell = (name: string) => screen.getByRole('button', { name });
/** A pointer drag from x0 to x1 (px in the cell): down on the target, moves and up on the window. */
async function drag(target: HTMLElement, x0: number, x1: number, end: 'up' | 'escape' = 'up') {
  fireEvent.pointerDown(target, { button: 0, clientX: x0, clientY: 20, pointerType: 'mouse' });
  await act(async () => {
    window.dispatchEvent(new PointerEvent('pointermove', { clientX: (x0 + x1) / 2, clientY: 20 }));
    window.dispatchEvent(new PointerEvent('pointermove', { clientX: x1, clientY: 20 }));
    await new Promise((r) => setTimeout(r, 5));
  });
  await act(async () => {
    if (end === 'up') window.dispatchEvent(new PointerEvent('pointerup', { clientX: x1, clientY: 20 }));
    else window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  });
}

describe('ScheduleGrid', () => {
  it('names staff and days, with their hours, and counts every row for assistive technology', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Schedule' });
    expect(table.getAttribute('aria-rowcount')).toBe('3');
    expect(within(table).getAllByRole('rowheader')[0]?.textContent).toContain('Ava Bennett8 h, Scheduled hours 8 h');
    expect(within(table).getAllByRole('columnheader')[1]?.textContent).toContain('Staffed hours 8 h');
    cell('Ava Bennett, Mon Jun 2, 09:00 to 17:00, draft');
  });

  it('draws a shift by dragging across a row, either way, snapped to the step, showing the times meanwhile', async () => {
    const { onCreate } = setup();
    const add = cell('Add shift for Noah Diaz on Tue Jun 3');
    fireEvent.pointerDown(add, { button: 0, clientX: 120, clientY: 20, pointerType: 'mouse' });
    await act(async () => {
      window.dispatchEvent(new PointerEvent('pointermove', { clientX: 363, clientY: 20 }));
      await new Promise((r) => setTimeout(r, 5));
    });
    // 07:00 + 120 min = 09:00 to 07:00 + 363 min, snapped to 13:00.
    expect(screen.getByTestId('drag-label').textContent).toContain('09:00–13:00 · 4 h');
    await act(async () => window.dispatchEvent(new PointerEvent('pointerup', { clientX: 363, clientY: 20 })));
    expect(onCreate).toHaveBeenCalledWith({ rowId: 2, columnKey: '2025-06-03', start: 540, end: 780 });
    expect(screen.queryByTestId('drag-label')).toBeNull();

    onCreate.mockClear();
    await drag(add, 600, 250);
    expect(onCreate).toHaveBeenCalledWith({ rowId: 2, columnKey: '2025-06-03', start: 675, end: 1020 });
  });

  it('cancels a drag with Escape, creating nothing', async () => {
    const { onCreate } = setup();
    await drag(cell('Add shift for Noah Diaz on Tue Jun 3'), 120, 400, 'escape');
    expect(screen.queryByTestId('drag-label')).toBeNull();
    await act(async () => window.dispatchEvent(new PointerEvent('pointerup', { clientX: 400, clientY: 20 })));
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('shows why a place is refused while dragging, and refuses the drop', async () => {
    const placeError = vi.fn((place: { rowId: number }) => (place.rowId === 1 ? 'Cannot Set Overlapping Schedules' : null));
    const { onCreate, onRefuse } = setup({ placeError });
    const add = cell('Add shift for Ava Bennett on Mon Jun 2');
    fireEvent.pointerDown(add, { button: 0, clientX: 30, clientY: 20, pointerType: 'mouse' });
    await act(async () => {
      window.dispatchEvent(new PointerEvent('pointermove', { clientX: 200, clientY: 20 }));
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(screen.getByTestId('drag-label').textContent).toContain('Cannot Set Overlapping Schedules');
    await act(async () => window.dispatchEvent(new PointerEvent('pointerup', { clientX: 200, clientY: 20 })));
    expect(onRefuse).toHaveBeenCalledWith('Cannot Set Overlapping Schedules');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('moves a bar by dragging its middle and resizes it by its edge', async () => {
    const { onChange } = setup();
    const bar = cell('Ava Bennett, Mon Jun 2, 09:00 to 17:00, draft');
    // The bar spans 0…900 in jsdom: its middle moves it, its right edge moves the end.
    await drag(bar, 450, 510);
    expect(onChange).toHaveBeenLastCalledWith(7, { rowId: 1, columnKey: '2025-06-02', start: 600, end: 1080 });
    // While dragged the bar is drawn as a preview: the one on screen now is a new element.
    await drag(cell('Ava Bennett, Mon Jun 2, 09:00 to 17:00, draft'), 896, 866);
    expect(onChange).toHaveBeenLastCalledWith(7, { rowId: 1, columnKey: '2025-06-02', start: 540, end: 990 });
  });

  it('a click opens a bar or adds to a cell; the keyboard does the same and moves bars', async () => {
    const { onCreate, onOpen, onChange, onDelete } = setup();
    const user = userEvent.setup();
    const bar = cell('Ava Bennett, Mon Jun 2, 09:00 to 17:00, draft');
    // A press without a drag is a click (user-event drops the click after a prevented pointerdown; browsers do not).
    fireEvent.pointerDown(bar, { button: 0, clientX: 450, clientY: 20, pointerType: 'mouse' });
    await act(async () => window.dispatchEvent(new PointerEvent('pointerup', { clientX: 451, clientY: 20 })));
    fireEvent.click(bar);
    expect(onOpen).toHaveBeenCalledWith(7, bar);
    fireEvent.click(cell('Add shift for Noah Diaz on Mon Jun 2'));
    expect(onCreate).toHaveBeenCalledWith({ rowId: 2, columnKey: '2025-06-02' });

    bar.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(7, { rowId: 1, columnKey: '2025-06-02', start: 555, end: 1035 });
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(7, { rowId: 2, columnKey: '2025-06-02', start: 540, end: 1020 });
    await user.keyboard('{Delete}');
    expect(onDelete).toHaveBeenCalledWith(7);
    cell('Add shift for Ava Bennett on Tue Jun 3').focus();
    await user.keyboard('{Enter}');
    expect(onCreate).toHaveBeenLastCalledWith({ rowId: 1, columnKey: '2025-06-03' });
  });

  it('read-only: no add buttons, bars open but never move', async () => {
    const { onChange, onOpen } = setup({ editable: false });
    expect(screen.queryByRole('button', { name: /^Add shift/ })).toBeNull();
    const bar = cell('Ava Bennett, Mon Jun 2, 09:00 to 17:00, draft');
    await drag(bar, 450, 600);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(bar);
    expect(onOpen).toHaveBeenCalledWith(7, bar);
  });
});
