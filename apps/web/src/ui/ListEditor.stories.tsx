import type { Story } from '@ladle/react';
import { useState } from 'react';
import { ListEditor } from './ListEditor';

/** Tip percentages: add, remove, move; the arrows keep focus on the item moved. */
export const TipPercentages: Story = () => {
  const [items, setItems] = useState(['15', '18', '20', '25']);
  return (
    <div className="max-w-md">
      <ListEditor label="Tip suggestions" items={items} onChange={setItems} suffix="%" inputMode="decimal" hint="Tip percentages offered at checkout." maxItems={6} />
      <p className="mt-3 text-xs text-slate-500">Items: {JSON.stringify(items)}</p>
    </div>
  );
};

/** Each item says what is wrong with it. */
export const WithProblems: Story = () => {
  const [items, setItems] = useState(['15', '', 'ten', '15']);
  return (
    <ListEditor
      label="Tip suggestions"
      items={items}
      onChange={setItems}
      suffix="%"
      problems={[null, 'Enter a value, or remove this item.', 'Each item is a percentage from 0 to 100, for example 15 or 12.5.', 'This value is already in the list.']}
    />
  );
};

export const Empty: Story = () => {
  const [items, setItems] = useState<string[]>([]);
  return <ListEditor label="Greetings" items={items} onChange={setItems} />;
};

export const ReadOnly: Story = () => <ListEditor label="Tip suggestions" items={['15', '18']} onChange={() => {}} suffix="%" disabled />;
