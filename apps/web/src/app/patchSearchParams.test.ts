import { describe, expect, it } from 'vitest';
import { patchSearchParams } from './patchSearchParams';

describe('patchSearchParams', () => {
  it('sets the changed keys, removes the emptied ones, keeps the rest and leaves the original alone', () => {
    const before = new URLSearchParams('day=2025-03-01&q=ava&status=Completed');
    const after = patchSearchParams(before, { q: '', status: 'In queue', view: 'cards' });
    expect(after.toString()).toBe('day=2025-03-01&status=In+queue&view=cards');
    expect(before.toString()).toBe('day=2025-03-01&q=ava&status=Completed');
  });
});
