import type { Story } from '@ladle/react';
import { useState } from 'react';
import { type RecordField, RecordListEditor } from './RecordListEditor';

type Column = { key: string; label: string; format: string; hidden: boolean };
const fields: RecordField<Column>[] = [
  { key: 'key', label: 'Key', kind: 'text', monospace: true },
  { key: 'label', label: 'Label', kind: 'text', wide: true },
  {
    key: 'format',
    label: 'Format',
    kind: 'select',
    options: [
      { value: 'text', label: 'Text' },
      { value: 'money', label: 'Money' },
      { value: 'number', label: 'Number' },
    ],
  },
  { key: 'hidden', label: 'Hidden', kind: 'checkbox' },
];

/** A report's columns: add, remove, move, each field named after its column. */
export const Columns: Story = () => {
  const [items, setItems] = useState<Column[]>([
    { key: 'staff', label: 'Staff', format: 'text', hidden: false },
    { key: 'total', label: 'Total', format: 'money', hidden: false },
  ]);
  return (
    <div className="max-w-3xl">
      <RecordListEditor label="Columns" items={items} onChange={setItems} fields={fields} newItem={() => ({ key: '', label: '', format: 'text', hidden: false })} itemLabel={(n) => `Column ${n}`} addLabel="Add a column" hint="How the result's columns are labelled and shown." />
      <p className="mt-3 text-xs text-slate-500">{JSON.stringify(items)}</p>
    </div>
  );
};

/** Each field says what is wrong with it. */
export const WithProblems: Story = () => {
  const [items, setItems] = useState<Column[]>([
    { key: 'Staff name', label: 'Staff', format: 'text', hidden: false },
    { key: 'total', label: '', format: 'money', hidden: false },
  ]);
  return (
    <RecordListEditor
      label="Columns"
      items={items}
      onChange={setItems}
      fields={fields}
      newItem={() => ({ key: '', label: '', format: 'text', hidden: false })}
      itemLabel={(n) => `Column ${n}`}
      addLabel="Add a column"
      problems={[{ key: 'Must be lower-case letters, digits and _, starting with a letter (at most 63)' }, { label: 'Enter a label' }]}
    />
  );
};

export const Empty: Story = () => {
  const [items, setItems] = useState<Column[]>([]);
  return <RecordListEditor label="Columns" items={items} onChange={setItems} fields={fields} newItem={() => ({ key: '', label: '', format: 'text', hidden: false })} itemLabel={(n) => `Column ${n}`} addLabel="Add a column" maxItems={3} />;
};
