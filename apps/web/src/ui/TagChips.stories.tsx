import type { Story } from '@ladle/react';
import { useState } from 'react';
import { TagChips } from './TagChips';

const SAMPLE = [
  { id: 1, name: 'VIP', color: '#f59e0b' },
  { id: 2, name: 'Colour client', color: '#8b5cf6' },
  { id: 3, name: 'Prefers mornings', color: '#10b981' },
];

export const ReadOnly: Story = () => <TagChips tags={SAMPLE} />;

export const Removable: Story = () => {
  const [tags, setTags] = useState(SAMPLE);
  return <TagChips tags={tags} onRemove={(t) => setTags((list) => list.filter((x) => x.id !== t.id))} />;
};
