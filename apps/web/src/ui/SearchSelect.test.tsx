import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchSelect, type SearchSelectOption } from './SearchSelect';

const PEOPLE: SearchSelectOption[] = [
  { id: 7, label: 'Ava Diaz', detail: '(555) 514-6808' },
  { id: 9, label: 'Ava Diaz', detail: 'ava.d@example.com' },
  { id: 3, label: 'Noah Khan' },
];

function Harness({ onChange }: { onChange: (o: SearchSelectOption | null) => void }) {
  const [value, setValue] = useState<SearchSelectOption | null>(null);
  const [query, setQuery] = useState('');
  const options = PEOPLE.filter((p) => p.label.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <SearchSelect
      label="Client"
      value={value}
      onChange={(o) => {
        setValue(o);
        onChange(o);
      }}
      query={query}
      onQueryChange={setQuery}
      options={options}
      emptyText="No client matches"
    />
  );
}

describe('SearchSelect', () => {
  it('is a combobox named by its label that lists the matches with what tells them apart', async () => {
    render(<Harness onChange={() => undefined} />);
    const box = screen.getByRole('combobox', { name: 'Client' });
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(box, 'ava');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Ava Diaz(555) 514-6808', 'Ava Diaz' + 'ava.d@example.com']);
  });

  it('chooses with the keyboard and shows the chosen name', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(box, 'ava');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(PEOPLE[1]);
    expect((box as HTMLInputElement).value).toBe('Ava Diaz');
  });

  it('says so when nothing matches', async () => {
    render(<Harness onChange={() => undefined} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'zz');
    expect(screen.getByText('No client matches').textContent).toBe('No client matches');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
