import type { Story } from '@ladle/react';
import { useState } from 'react';
import { SearchSelect, type SearchSelectOption } from './SearchSelect';

const PEOPLE: SearchSelectOption[] = [
  { id: 1, label: 'Ava Diaz', detail: '(555) 514-6808' },
  { id: 2, label: 'Ava Diaz', detail: 'ava.d@example.com' },
  { id: 3, label: 'Noah Khan', detail: '(555) 201-7781' },
  { id: 4, label: 'Mia Sato', detail: '(555) 330-1209' },
];

export const Clients: Story = () => {
  const [value, setValue] = useState<SearchSelectOption | null>(null);
  const [query, setQuery] = useState('');
  const options = PEOPLE.filter((p) => `${p.label} ${p.detail}`.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <div className="max-w-sm p-6">
      <SearchSelect label="Client" placeholder="Name, phone or email" value={value} onChange={setValue} query={query} onQueryChange={setQuery} options={options} emptyText="No client matches" />
      <p className="mt-4 text-sm">Chosen: {value ? `${value.label} (#${value.id})` : 'none'}</p>
    </div>
  );
};

export const Searching: Story = () => (
  <div className="max-w-sm p-6">
    <SearchSelect label="Client" value={null} onChange={() => undefined} query="Ava" onQueryChange={() => undefined} options={[]} loading />
  </div>
);
