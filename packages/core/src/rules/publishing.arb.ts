import { fc } from '@fast-check/vitest';
import type { SiteVersionStatus } from '../models/publishing';

const statuses: SiteVersionStatus[] = ['queued', 'building', 'ready', 'live', 'failed', 'superseded'];

/** A business's versions of one kind: numbers 1..n, at most one live. */
export const versionsArb = fc
  .array(fc.constantFrom(...statuses.filter((s) => s !== 'live')), { maxLength: 45 })
  .chain((rest) =>
    fc.record({
      rest: fc.constant(rest),
      liveAt: fc.option(fc.nat({ max: Math.max(0, rest.length - 1) }), { nil: undefined }),
    }),
  )
  .map(({ rest, liveAt }) => rest.map((status, i) => ({ id: 1000 + i, number: i + 1, status: (i === liveAt ? 'live' : status) as SiteVersionStatus })));

/** When a fake readiness check first says ready (1-based), or never (0), and whether it fails instead. */
export const readinessArb = fc.record({
  readyAt: fc.nat({ max: 8 }),
  failsAt: fc.nat({ max: 8 }),
  throwsAt: fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }),
});
