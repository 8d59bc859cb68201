import { describe, expect, it } from 'vitest';
import { closedShade, compactRange, dragCreate, dragMinutes, hhmm, keyAction, lengthLabel, minutesAt, moveBy, resizeBy, coveringSpan, hourMarks, overlapLanes, spanPercent } from './scheduleGridMath';

const span = { open: 420, close: 1320, snap: 15 };
const place = { rowId: 1, columnKey: '2025-06-02', start: 540, end: 1020 };
const key = (k: string, mods: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({ key: k, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods });

describe('schedule grid geometry', () => {
  it('turns a pointer position into a snapped time within store hours', () => {
    expect(minutesAt(0, 900, span)).toBe(420);
    expect(minutesAt(450, 900, span)).toBe(870);
    expect(minutesAt(452, 900, span)).toBe(870);
    expect(minutesAt(5000, 900, span)).toBe(1320);
    expect(dragMinutes(9, 900, span)).toBe(15);
    expect(dragMinutes(3, 900, span)).toBe(0);
  });

  it('moves keeping the length and never past store hours; resizes never below one step', () => {
    expect(moveBy(place, 15, span)).toMatchObject({ start: 555, end: 1035 });
    expect(moveBy(place, 600, span)).toMatchObject({ start: 840, end: 1320 });
    expect(moveBy(place, -600, span)).toMatchObject({ start: 420, end: 900 });
    expect(resizeBy(place, 'end', -1000, span)).toMatchObject({ start: 540, end: 555 });
    expect(resizeBy(place, 'start', 15, span)).toMatchObject({ start: 555, end: 1020 });
  });

  it('maps the keyboard to moves, resizes, other rows and days', () => {
    expect(keyAction(key('ArrowRight'), 15)).toEqual({ type: 'move', delta: 15 });
    expect(keyAction(key('ArrowLeft', { shiftKey: true }), 15)).toEqual({ type: 'resize', edge: 'end', delta: -15 });
    expect(keyAction(key('ArrowRight', { altKey: true }), 15)).toEqual({ type: 'resize', edge: 'start', delta: 15 });
    expect(keyAction(key('ArrowDown'), 15)).toEqual({ type: 'row', delta: 1 });
    expect(keyAction(key('PageDown'), 15)).toEqual({ type: 'column', delta: 1 });
    expect(keyAction(key('ArrowLeft', { ctrlKey: true }), 15)).toEqual({ type: 'column', delta: -1 });
    expect(keyAction(key('Delete'), 15)).toEqual({ type: 'delete' });
    expect(keyAction(key('a'), 15)).toBeNull();
  });

  it('words a shift compactly for a narrow bar, and the compact words read back as the same times', () => {
    expect(compactRange(540, 780)).toBe('9–13');
    expect(compactRange(570, 1020)).toBe('9:30–17');
    expect(compactRange(15, 1425)).toBe('0:15–23:45');
    for (let start = 0; start < 1440; start += 5) {
      const end = (start * 7 + 35) % 1440;
      const [a, b] = compactRange(start, end).split('–').map((t) => (t.includes(':') ? t : `${t}:00`).padStart(5, '0'));
      expect([a, b]).toEqual([hhmm(start), hhmm(end)]);
    }
  });

  it('draws a new shift from where the drag began to the pointer, either way, at least one step, within the day', () => {
    expect(dragCreate(540, 780, span)).toEqual({ start: 540, end: 780 });
    expect(dragCreate(780, 540, span)).toEqual({ start: 540, end: 780 });
    expect(dragCreate(540, 545, span)).toEqual({ start: 540, end: 555 });
    expect(dragCreate(540, 530, span)).toEqual({ start: 540, end: 555 });
    expect(dragCreate(540, 2000, span)).toEqual({ start: 540, end: 1320 });
    expect(dragCreate(1320, 1320, span)).toEqual({ start: 1305, end: 1320 });
    expect(dragCreate(600, 0, { ...span, open: 540 })).toEqual({ start: 540, end: 600 });
  });

  it('says a length in hours and minutes, and shades the time outside store hours in one background', () => {
    expect([lengthLabel(240), lengthLabel(270), lengthLabel(45)]).toEqual(['4 h', '4 h 30 min', '45 min']);
    expect(closedShade(null, span)).toBeUndefined();
    expect(closedShade({ open: 420, close: 1320 }, span)).toBeUndefined();
    expect(closedShade({ open: 600, close: 1140 }, span)).toBe(
      'linear-gradient(to right, rgb(241 245 249 / 0.8) 20.000%, transparent 20.000%, transparent 80.000%, rgb(241 245 249 / 0.8) 80.000%)',
    );
  });
});

describe('the time axis of the appointments view', () => {
  it('places times along a span and labels its whole hours', () => {
    const span = { open: 540, close: 1080, snap: 15 };
    expect(spanPercent(540, span)).toBe('0%');
    expect(spanPercent(810, span)).toBe('50%');
    expect(hourMarks({ open: 510, close: 720 })).toEqual([540, 600, 660, 720]);
  });

  it('covers the store hours and every time shown, in whole hours within the day', () => {
    expect(coveringSpan([], { open: 600, close: 1140 }, 15)).toEqual({ open: 600, close: 1140, snap: 15 });
    expect(coveringSpan([525, 1290], { open: 600, close: 1140 }, 15)).toEqual({ open: 480, close: 1320, snap: 15 });
    expect(coveringSpan([1440], { open: 600, close: 1140 }, 15).close).toBe(1440);
  });

  it('puts overlapping bookings side by side, and lets the next one take a freed lane', () => {
    const lanes = overlapLanes([
      { id: 1, start: 540, end: 600 },
      { id: 2, start: 570, end: 630 },
      { id: 3, start: 600, end: 660 },
      { id: 4, start: 700, end: 760 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(4)).toEqual({ lane: 0, lanes: 1 });
  });
});
