import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SEGMENT_COUNT_FRESH_MINUTES } from '../models/segments';
import { clientsMatchLabel, countedAgo, formatClientCount, segmentCountCell, segmentCountIsStale } from './segmentCounts';

const ZONE = 'America/Los_Angeles';
const now = new Date('2026-11-02T20:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('segment counts as people read them', () => {
  it('writes counts with thousands separators and the right number', () => {
    expect(formatClientCount(1517)).toBe('1,517');
    expect(clientsMatchLabel(1517)).toBe('1,517 clients match');
    expect(clientsMatchLabel(1)).toBe('1 client matches');
    expect(clientsMatchLabel(0)).toBe('0 clients match');
  });

  it('says how old a count is, then the day it was counted in the business’s zone', () => {
    expect(countedAgo(ago(0), now, ZONE)).toBe('counted just now');
    expect(countedAgo(ago(-3), now, ZONE)).toBe('counted just now');
    expect(countedAgo(ago(5), now, ZONE)).toBe('counted 5 min ago');
    expect(countedAgo(ago(59), now, ZONE)).toBe('counted 59 min ago');
    expect(countedAgo(ago(60 * 3 + 20), now, ZONE)).toBe('counted 3 h ago');
    // 02:00 UTC on Nov 1 is still Oct 31 in Los Angeles.
    expect(countedAgo('2026-11-01T02:00:00.000Z', now, ZONE)).toBe('counted on Sat, Oct 31, 2026');
    expect(segmentCountCell({ count: 204, at: ago(5) }, now, ZONE)).toBe('204 · counted 5 min ago');
    expect(segmentCountCell(null, now, ZONE)).toBe('Counting…');
  });

  test.prop([fc.integer({ min: -10, max: 10 * 24 * 60 })])('a count is stale exactly from the fresh window on, and when there is none', (minutes) => {
    expect(segmentCountIsStale({ count: 3, at: ago(minutes) }, now)).toBe(minutes >= SEGMENT_COUNT_FRESH_MINUTES);
    expect(segmentCountIsStale(null, now)).toBe(true);
  });
});
