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
