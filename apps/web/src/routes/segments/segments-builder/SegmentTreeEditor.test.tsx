import { type SegmentGroup, SEGMENT_LIMITS, segmentQuery } from '@salondesk/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentTreeEditor } from './SegmentTreeEditor';

const choices = { service: [{ id: 1, label: 'Cut' }, { id: 2, label: 'Colour' }], tag: [{ id: 31, label: 'VIP' }] };
let last: SegmentGroup | null = null;
/** A button by its text or its label (`getByRole` is slow over this many options). */
const button = (name: string): HTMLElement => screen.queryByLabelText(name) ?? screen.getByText(name, { selector: 'button' });

function Harness({ initial }: { initial: SegmentGroup }) {
  const [tree, setTree] = useState(initial);
  last = tree;
  return <SegmentTreeEditor value={tree} onChange={setTree} choices={choices} segments={[]} currencySymbol="$" />;
}

describe('SegmentTreeEditor', () => {
  it('builds a nested tree by keyboard-reachable buttons, each condition complete and valid', () => {
    render(<Harness initial={{ type: 'group', match: 'all', children: [] }} />);
    fireEvent.click(button('Add condition'));
    fireEvent.click(button('Add group'));
    fireEvent.click(button('Add condition to group 1.2'));
    fireEvent.change(screen.getByLabelText('Condition 1 of group 1.2: kind'), { target: { value: 'spend' } });
    fireEvent.change(screen.getByLabelText('Condition 1 of group 1.2: value'), { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Group 1.2 matches'), { target: { value: 'none' } });
    expect(last).toEqual({
      type: 'group',
      match: 'all',
      children: [
        { type: 'condition', kind: 'visits', op: 'gte', value: 1 },
        { type: 'group', match: 'none', children: [{ type: 'condition', kind: 'spend', op: 'gte', value: 25_050 }] },
      ],
    });
    expect(segmentQuery.safeParse(last).success).toBe(true);
  });

  it('removes a condition and a group, and offers no deeper group than the limit', () => {
    let deep: SegmentGroup = { type: 'group', match: 'all', children: [] };
    for (let i = 1; i < SEGMENT_LIMITS.depth; i++) deep = { type: 'group', match: 'all', children: [deep] };
    render(<Harness initial={deep} />);
    const innermost = `1${'.1'.repeat(SEGMENT_LIMITS.depth - 1)}`;
    expect(button(`Add condition to group ${innermost}`)).toBeTruthy();
    expect(screen.queryByText(`Add group to group ${innermost}`)).toBeNull();
    fireEvent.click(button('Remove group 1.1'));
    expect(last).toEqual({ type: 'group', match: 'all', children: [] });
  });

  it('changing a kind starts its inputs afresh', () => {
    render(<Harness initial={{ type: 'group', match: 'any', children: [{ type: 'condition', kind: 'visits', op: 'gte', value: 3 }] }} />);
    fireEvent.change(screen.getByLabelText('Condition 1 of group 1: kind'), { target: { value: 'boughtService' } });
    expect(last?.children[0]).toEqual({ type: 'condition', kind: 'boughtService', ids: [1] });
    fireEvent.click(button('Remove condition 1 of group 1'));
    expect(last?.children).toEqual([]);
  });
});
