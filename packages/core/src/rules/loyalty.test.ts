import { fc, test } from '@fast-check/vitest';
import { expect, it } from 'vitest';
import { DEFAULT_LOYALTY_THRESHOLD, loyaltyProgress, pointsEarned } from './loyalty';

it('fills stars and percent from the points threshold', () => {
  expect(loyaltyProgress(4, 10)).toEqual({ ok: true, value: { points: 4, threshold: 10, slots: 10, stars: 4, percent: 40, rewards: 0 } });
  expect(loyaltyProgress(25, 10)).toMatchObject({ ok: true, value: { stars: 10, percent: 100, rewards: 2 } });
  expect(loyaltyProgress(0, null)).toMatchObject({ ok: true, value: { threshold: DEFAULT_LOYALTY_THRESHOLD, stars: 0, percent: 0 } });
});

it('draws as many slots as the threshold, past 20 too', () => {
  expect(loyaltyProgress(30, 50)).toMatchObject({ ok: true, value: { slots: 50, stars: 30, percent: 60 } });
  expect(loyaltyProgress(7, 1000)).toMatchObject({ ok: true, value: { slots: 1000, stars: 7, percent: 0 } });
});

it('refuses negative or non-numeric points', () => {
  expect(loyaltyProgress(-1, 10)).toEqual({ ok: false });
  expect(loyaltyProgress(Number.NaN, 10)).toEqual({ ok: false });
});

test.prop([fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 1000 })])('stars and percent stay in their slots and grow with points', (points, threshold) => {
  const r = loyaltyProgress(points, threshold);
  const next = loyaltyProgress(points + 1, threshold);
  if (!r.ok || !next.ok) throw new Error('non-negative points are accepted');
  // Spec 001 §9: the points threshold sets the number of star slots.
  expect(r.value.slots).toBe(threshold);
  expect(r.value.stars).toBe(Math.min(points, threshold));
  expect(r.value.stars).toBeGreaterThanOrEqual(0);
  expect(r.value.stars).toBeLessThanOrEqual(r.value.slots);
  expect(r.value.percent).toBe(Math.min(100, Math.floor((points * 100) / threshold)));
  expect(next.value.stars).toBeGreaterThanOrEqual(r.value.stars);
  if (points >= threshold) expect(r.value.stars).toBe(r.value.slots);
});

test.prop([fc.integer({ min: -1e6, max: -1 }), fc.integer({ min: 1, max: 100 })])('negative points are always refused', (points, threshold) => {
  expect(loyaltyProgress(points, threshold).ok).toBe(false);
});

it('earns whole points per whole currency unit', () => {
  expect(pointsEarned(12_999, 1)).toBe(129);
  expect(pointsEarned(-500, 1)).toBe(0);
  expect(pointsEarned(1000, 0)).toBe(0);
});
