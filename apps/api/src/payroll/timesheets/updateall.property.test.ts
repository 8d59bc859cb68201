import { fc } from '@fast-check/vitest';
import { addDays, type ApiError, type SalondeskClient, type SlotDraft, type TimesheetSlotInput } from '@salondesk/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_SLOT_KINDS, badSlot, validDayArb } from '../../../../../packages/core/src/rules/timesheetSlots.arb';
import { signedIn, startTestServer, type TestServer } from '../../test/harness';
import { timesheetActivity, timesheets } from '../schema';

/**
 * `ts/updateall/{date}` saves every slot of the day or none (issue 12): a day is set up with
 * valid slots, then a batch that corrects every one of them and adds one bad slot at a random
 * position is refused, and nothing of the day — slots, originals, activity — changes; the same
 * batch without the bad slot is then saved whole.
 */
const LA = 1;
const ZONE = 'America/Los_Angeles';
const NOW = new Date('2031-06-01T00:00:00Z');

let server: TestServer;
let owner: SalondeskClient;
let members: number[];

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  owner = (await signedIn(server, 'owner')).client;
  // The demo's slots run up to the real today, some still open: in this file's 2031 they would overlap everything.
  await server.database.db.delete(timesheets).where(eq(timesheets.business_id, LA));
  members = (await server.database.db.execute<{ id: number }>(sql`select id from staff where business_id = ${LA} and deleted_at is null order by id limit 4`)).rows.map((r) => r.id);
});
afterAll(() => server.close());

/** The generated people (1–3, and 9 for the bad slot) as real members of Los Angeles. */
const member = (generated: number) => members[generated === 9 ? 3 : generated - 1] as number;
const asInput = (slot: SlotDraft): TimesheetSlotInput => ({ ...slot, employee_id: member(slot.employee_id) });

async function dayState(day: string) {
  const db = server.database.db;
  const slots = await db.select().from(timesheets).where(and(eq(timesheets.business_id, LA), eq(timesheets.day, day))).orderBy(timesheets.id);
  const [activity] = await db.select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(id), 0)::int` }).from(timesheetActivity).where(eq(timesheetActivity.business_id, LA));
  const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(timesheets);
  return { slots, activity, all };
}

describe('ts/updateall/{date}', () => {
  it('saves every slot of a day or none', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }).chain((n) => {
          const day = addDays('2030-01-01', n);
          return fc.record({
            day: fc.constant(day),
            valid: validDayArb(day, ZONE),
            kind: fc.constantFrom(...BAD_SLOT_KINDS),
            position: fc.nat(),
            shrinkBy: fc.integer({ min: 1, max: 30 }),
          });
        }),
        async ({ day, valid, kind, position, shrinkBy }) => {
          // A day with valid slots. Earlier runs' slots are removed first, of every day: one of a
          // neighbouring day may run past midnight into this one (seed -140202891 found it).
          await server.database.db.delete(timesheets).where(eq(timesheets.business_id, LA));
          const setUp = await owner.timesheets.updateAll(LA, day, { reason: 'Set up the day', slots: valid.slots.map(asInput) });
          expect(setUp.slots).toHaveLength(valid.slots.length);

          // Every slot corrected (its clock-out a little earlier, never before its clock-in), and one bad slot somewhere.
          const corrected: TimesheetSlotInput[] = setUp.slots.map((s) => {
            const length = Date.parse(s.clockout_at as string) - Date.parse(s.clockin_at);
            const earlier = Math.min(shrinkBy * 60_000, length - 60_000);
            return { id: s.id, employee_id: s.employee_id, clockin_at: s.clockin_at, clockout_at: new Date(Date.parse(s.clockout_at as string) - Math.max(0, earlier)).toISOString(), updated_at: s.updated_at };
          });
          const victim = valid.slots.find((s) => s.clockout_at !== null);
          const bad = asInput(badSlot(kind, day, ZONE, NOW, victim));
          const at = position % (corrected.length + 1);
          const batch = [...corrected.slice(0, at), bad, ...corrected.slice(at)];

          const before = await dayState(day);
          const error = await owner.timesheets.updateAll(LA, day, { reason: 'A batch with a bad slot', slots: batch }).then(
            () => null,
            (e: unknown) => e as ApiError,
          );
          expect(error?.status, `${kind} at ${at} of ${batch.length}`).toBeGreaterThanOrEqual(400);
          expect(error?.status).toBeLessThan(500);
          expect(await dayState(day)).toEqual(before);

          // Without the bad slot the same corrections are saved, every one of them.
          const saved = await owner.timesheets.updateAll(LA, day, { reason: 'The same batch, corrected', slots: corrected });
          const changed = corrected.filter((c, i) => c.clockout_at !== setUp.slots[i]?.clockout_at).length;
          expect(saved.changed).toBe(changed);
          expect(saved.slots.map((s) => s.clockout_at)).toEqual(corrected.map((c) => c.clockout_at));
          expect(saved.slots.every((s) => s.is_modified === (s.clockout_at !== s.original_clockout))).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});
