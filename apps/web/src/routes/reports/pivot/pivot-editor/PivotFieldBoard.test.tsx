import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type BoardField, PivotFieldBoard } from './PivotFieldBoard';

const FIELDS: BoardField[] = [
  { key: 'staff', label: 'Staff', kind: 'Text', aggregates: [{ value: 'count', label: 'Count' }] },
  { key: 'month', label: 'Month', kind: 'Text', aggregates: [{ value: 'count', label: 'Count' }] },
  {
    key: 'gross_sales',
    label: 'Gross sales',
    kind: 'Money',
    aggregates: [
      { value: 'sum', label: 'Sum' },
      { value: 'avg', label: 'Average' },
    ],
  },
];

const board = (overrides: Partial<Parameters<typeof PivotFieldBoard>[0]> = {}) => {
  const props = {
    fields: FIELDS,
    rows: ['staff', 'month'],
    columns: [] as string[],
    values: [{ field: 'gross_sales', aggregate: 'sum' }],
    onPlace: vi.fn(),
    onRemove: vi.fn(),
    onShift: vi.fn(),
    onAggregate: vi.fn(),
    ...overrides,
  };
  render(<PivotFieldBoard {...props} />);
  return props;
};

describe('PivotFieldBoard', () => {
  it('adds a field to a place from its menu, without dragging', async () => {
    const props = board();
    await userEvent.click(screen.getByRole('button', { name: 'Add Month to…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Columns' }));
    expect(props.onPlace).toHaveBeenCalledWith('month', { zone: 'columns', index: Number.MAX_SAFE_INTEGER }, null);
  });

  it('moves, removes and re-aggregates a placed field by its buttons', async () => {
    const props = board();
    const rows = screen.getByRole('region', { name: 'Rows' });
    expect(within(rows).getByRole('button', { name: 'Move Staff earlier' })).toHaveProperty('disabled', true);
    await userEvent.click(within(rows).getByRole('button', { name: 'Move Staff later' }));
    expect(props.onShift).toHaveBeenCalledWith({ zone: 'rows', index: 0 }, 1);
    await userEvent.click(within(rows).getByRole('button', { name: 'Move Month to…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Columns' }));
    expect(props.onPlace).toHaveBeenCalledWith('month', { zone: 'columns', index: Number.MAX_SAFE_INTEGER }, { zone: 'rows', index: 1 });
    const values = screen.getByRole('region', { name: 'Values' });
    fireEvent.change(within(values).getByRole('combobox', { name: 'Aggregate of Gross sales' }), { target: { value: 'avg' } });
    expect(props.onAggregate).toHaveBeenCalledWith(0, 'avg');
    await userEvent.click(within(values).getByRole('button', { name: 'Remove Gross sales (Sum)' }));
    expect(props.onRemove).toHaveBeenCalledWith({ zone: 'values', index: 0 });
  });

  it('gives every field a grip to drag it by, keyboard included', () => {
    board();
    for (const name of ['Drag Staff', 'Drag Staff in Rows', 'Drag Gross sales (Sum) in Values']) {
      const grip = screen.getByRole('button', { name });
      expect(grip.getAttribute('aria-roledescription')).toBe('draggable');
      expect(grip.getAttribute('aria-describedby')).toBeTruthy();
    }
  });
});
