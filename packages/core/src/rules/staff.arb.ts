import { fc } from '@fast-check/vitest';
import type { RandomInt } from './staff';

/** Existing orders of a business's members (possibly none, possibly negative or repeated). */
export const existingOrders = fc.array(fc.integer({ min: -1000, max: 1_000_000 }), { maxLength: 40 });

/** A random source that answers with a fixed fraction of its range, recording each call. */
export const recordingRandom = fc.double({ min: 0, max: 1, noNaN: true }).map((fraction) => {
  const calls: [number, number][] = [];
  const random: RandomInt = (min, max) => {
    calls.push([min, max]);
    return min + Math.floor(fraction * (max - min));
  };
  return { random, calls, fraction };
});

export const hexColour = fc.tuple(fc.integer({ min: 0, max: 0xffffff }), fc.boolean()).map(([n, upper]) => {
  const hex = `#${n.toString(16).padStart(6, '0')}`;
  return upper ? hex.toUpperCase() : hex;
});

/** Names from a small pool, so rosters hold namesakes, odd spacing and case; sometimes any text. */
const pooledName = (pool: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...pool), fc.constantFrom(' ', '  ', '\t', '')).map(([n, pad]) => `${pad}${n.toUpperCase()}${pad}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

const GIVEN = ['Maya', 'Ava', 'Mo', 'Sam', 'Li', 'Maya P.', 'Mo P.'];
const FULL = ['Maya Patel', 'Maya Khan', 'Ava Patel', 'Sam', 'Mo Patel', 'Maya P.', 'Maya Patel #3', 'Li Wei Chen'];

/** One member as the display-name rule reads it (the id is set by `roster`). */
export const namedMember = (pool: { given: readonly string[]; full: readonly string[] } = { given: GIVEN, full: FULL }) =>
  fc.record({
    name: pooledName(pool.given),
    nickname: fc.option(pooledName(pool.given), { nil: null }),
    full_name: pooledName(pool.full),
  });

/** A business's roster: unique ids, many namesakes. */
export const roster = (member = namedMember(), maxLength = 12) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength })
    .chain((ids) => fc.tuple(...ids.map(() => member)).map((members) => members.map((m, i) => ({ ...m, id: ids[i] as number }))));

/** A member whose every name is written in letters no `roster()` name uses (Greek), so it collides with none. */
export const unrelatedMember = fc.record({
  id: fc.integer({ min: 501, max: 1000 }),
  name: fc.constantFrom('Άρης', 'Ελένη', 'Νίκος'),
  nickname: fc.option(fc.constantFrom('Ζωή', 'Θέμης'), { nil: null }),
  full_name: fc.constantFrom('Άρης Παππάς', 'Ελένη Ζαχαρίου', 'Νίκος'),
});
