import type { Story } from '@ladle/react';
import type { SegmentGroup } from '@salondesk/core';
import { useState } from 'react';
import { SegmentTreeEditor } from './SegmentTreeEditor';

const choices = {
  service: [
    { id: 1, label: 'Cut & finish' },
    { id: 2, label: 'Balayage' },
  ],
  staff: [
    { id: 21, label: 'Ava' },
    { id: 22, label: 'Ben' },
  ],
  tag: [{ id: 31, label: 'VIP' }],
};

export const Nested: Story = () => {
  const [tree, setTree] = useState<SegmentGroup>({
    type: 'group',
    match: 'all',
    children: [
      { type: 'condition', kind: 'lastVisitMoreThanDaysAgo', days: 90 },
      {
        type: 'group',
        match: 'any',
        children: [
          { type: 'condition', kind: 'spend', op: 'gte', value: 50_000 },
          { type: 'condition', kind: 'hasAnyTag', ids: [31] },
        ],
      },
    ],
  });
  return <SegmentTreeEditor value={tree} onChange={setTree} choices={choices} segments={[{ id: 9, label: 'VIP by spend' }]} />;
};

export const Empty: Story = () => {
  const [tree, setTree] = useState<SegmentGroup>({ type: 'group', match: 'all', children: [] });
  return <SegmentTreeEditor value={tree} onChange={setTree} choices={choices} segments={[]} />;
};

export const ReadOnly: Story = () => (
  <SegmentTreeEditor value={{ type: 'group', match: 'any', children: [{ type: 'condition', kind: 'birthdayThisMonth' }] }} onChange={() => undefined} choices={choices} segments={[]} disabled />
);
