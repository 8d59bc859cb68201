import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type RecordField, RecordListEditor } from './RecordListEditor';

type Column = { key: string; format: string; hidden: boolean };
const fields: RecordField<Column>[] = [
  { key: 'key', label: 'Key', kind: 'text' },
  { key: 'format', label: 'Format', kind: 'select', options: [{ value: 'text', label: 'Text' }, { value: 'money', label: 'Money' }] },
  { key: 'hidden', label: 'Hidden', kind: 'checkbox' },
];

function Columns({ initial, problems }: { initial: Column[]; problems?: (Partial<Record<string, string>> | null)[] }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <RecordListEditor label="Columns" items={items} onChange={setItems} fields={fields} newItem={() => ({ key: '', format: 'text', hidden: false })} itemLabel={(n) => `Column ${n}`} addLabel="Add a column" problems={problems} maxItems={3} />
      <output data-testid="items">{JSON.stringify(items)}</output>
    </>
  );
}
const items = () => JSON.parse(screen.getByTestId('items').textContent ?? '[]') as Column[];
const two: Column[] = [
  { key: 'staff', format: 'text', hidden: false },
  { key: 'total', format: 'money', hidden: false },
];

describe('RecordListEditor', () => {
  it('edits each field of each record in a control named after both', async () => {
    const user = userEvent.setup();
    render(<Columns initial={two} />);
    const key = screen.getByRole('textbox', { name: 'Column 2, Key' });
    await user.clear(key);
    await user.type(key, 'amount');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Column 1, Format' }), 'money');
    await user.click(screen.getByRole('checkbox', { name: 'Column 2, Hidden' }));
    expect(items()).toEqual([
      { key: 'staff', format: 'money', hidden: false },
      { key: 'amount', format: 'money', hidden: true },
    ]);
  });

  it('adds a record with its first field focused, up to the most allowed, and announces it', async () => {
    const user = userEvent.setup();
    render(<Columns initial={two} />);
    await user.click(screen.getByRole('button', { name: 'Add a column' }));
    const added = screen.getByRole('textbox', { name: 'Column 3, Key' });
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(screen.getByText('Column 3 added.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a column' })).toHaveProperty('disabled', true);
  });

  it('moves and removes records', async () => {
    const user = userEvent.setup();
    render(<Columns initial={two} />);
    await user.click(screen.getByRole('button', { name: 'Move Column 2 up' }));
    expect(items().map((c) => c.key)).toEqual(['total', 'staff']);
    expect(screen.getByRole('button', { name: 'Move Column 1 up' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove Column 1' }));
    expect(items().map((c) => c.key)).toEqual(['staff']);
    expect(screen.getByText('Column 1 removed.')).toBeTruthy();
  });

  it('shows each problem beside its field and marks the field invalid', () => {
    render(<Columns initial={two} problems={[null, { key: 'Two columns have this key.' }]} />);
    const key = screen.getByRole('textbox', { name: 'Column 2, Key' });
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(key.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Two columns have this key.');
    expect(screen.getByRole('textbox', { name: 'Column 1, Key' }).getAttribute('aria-invalid')).toBeNull();
  });
});
