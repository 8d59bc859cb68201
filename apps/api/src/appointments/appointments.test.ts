import {
  addDays,
  APPOINTMENT_FLAG,
  appointmentFlag,
  endpoints,
  exportPath,
  FIGURES,
  MESSAGES,
  type StaffVisitReport,
  type TaskResourceMap,
  todayIn,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, readCsv } from '../test/exports';
import { rawRequest, refusal, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { SESSION_COOKIE } from '../auth/sessions';
import { aggregateRange } from '../transactions/sales-from-rollup';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KTM = 4;
const ZONE = 'America/Los_Angeles';


describe('staff visits and the appointments view', () => {
  let server: TestServer;
  let owner: TestClient;
  let manager: TestClient;
  let lotus: TestClient;
  let range: { start: string; end: string };
  const get = (client: TestClient, path: string) =>
    rawRequest(server, path, { method: 'GET', headers: { accept: 'application/json', cookie: `${SESSION_COOKIE}=${client.jar.get(SESSION_COOKIE)}` } });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    manager = await signedIn(server, 'manager');
    lotus = await signedIn(server, 'lotus');
    const [r] = await rows<{ start: string; end: string }>(server.database.db, sql`select min(day)::text as start, max(day)::text as "end" from saleslogs where business_id = ${LA}`);
    range = r as { start: string; end: string };
  });
  afterAll(() => server.close());

  describe('staffvisitdata', () => {
    let report: StaffVisitReport;
    beforeAll(async () => {
      report = await owner.client.visits.staffVisits(LA, range.start, range.end);
    });

    it('shows the period report’s visits and sales per staff member, and totals equal to the sales report’s', async () => {
      const period = await owner.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'staffsales/byvisit' });
      expect(report.staff.length).toBeGreaterThan(2);
      expect(report.staff.map((r) => [r.name, r.visits, r.sales, r.per_visit])).toEqual(period.result.rows.map((r) => [r.staff, r.visits, r.gross_sales, r.per_visit]));
      const aggregate = await aggregateRange(server.database.db, LA, range.start, range.end);
      expect(report.totals.sales).toBe(FIGURES.sales.value(aggregate));
      expect(report.totals.service_sales).toBe(FIGURES.services.value(aggregate));
      expect(report.totals.retail_sales).toBe(FIGURES.products.value(aggregate));
      expect(report.totals.prepaid_sales).toBe(FIGURES.giftcards.value(aggregate));
      expect(report.totals.tips).toBe(FIGURES.tips.value(aggregate));
      // Every completed demo ticket has lines: the visits, each ticket once, are the Tickets figure.
      expect(report.totals.visits).toBe(FIGURES.tickets.value(aggregate));
      const summary = await owner.client.sales.summary(LA, range.start, range.end);
      expect(report.staff.map((r) => [r.name, r.sales])).toEqual(summary.byStaff.map((s) => [s.name, s.total]));
      const tips = await owner.client.reportEngine.run(LA, 'tips_by_staff', { values: { start_day: range.start, end_day: range.end } });
      if (tips.status !== 'done') throw new Error('not done');
      for (const row of tips.result.rows) expect(report.staff.find((r) => r.name === row.staff)?.tips).toBe(row.tips);
    });

    it('counts new customers as those whose first completed ticket here falls on a visit of the range', async () => {
      const [r] = await rows<{ customers: number; fresh: number }>(
        server.database.db,
        sql`with firsts as (
              select distinct on (q.customer_id) q.customer_id, k.checkout_day as day
              from checkouts k join queue q on q.id = k.queue_id
              where k.business_id = ${LA} and k.voided_at is null and q.customer_id is not null
              order by q.customer_id, k.checkout_day, q.id)
            select (select count(distinct q.customer_id)::int from checkouts k join queue q on q.id = k.queue_id
                     where k.business_id = ${LA} and k.voided_at is null and k.checkout_day between ${range.start} and ${range.end}) as customers,
                   (select count(*)::int from firsts where day between ${range.start} and ${range.end}) as fresh`,
      );
      expect(report.totals.customers).toBe(r!.customers);
      expect(report.totals.new_customers).toBe(r!.fresh);
      expect(report.totals.returning_customers).toBe(r!.customers - r!.fresh);
      for (const row of report.staff) {
        expect(row.new_customers + row.returning_customers).toBe(row.customers);
        expect(row.customers).toBeLessThanOrEqual(row.visits);
      }
    });

    it('lists a staff member’s visits on request, adding up to their row', async () => {
      const row = report.staff[0]!;
      const detail = await owner.client.visits.staffVisits(LA, range.start, range.end, { detail: true, staff: row.staff_id ?? 'none' });
      expect(detail.truncated).toBe(false);
      expect(detail.visits).toHaveLength(row.visits);
      expect(detail.visits!.every((v) => v.staff_id === row.staff_id && v.day >= range.start && v.day <= range.end)).toBe(true);
      expect(detail.visits!.reduce((s, v) => s + v.sales, 0)).toBe(row.sales);
      expect(detail.visits!.reduce((s, v) => s + v.service_sales + v.retail_sales + v.prepaid_sales, 0)).toBe(row.sales);
      // The demo's tickets are checked out by the staff member who served them.
      expect(detail.visits!.reduce((s, v) => s + v.tips, 0)).toBe(row.tips);
      expect(new Set(detail.visits!.filter((v) => v.new_customer).map((v) => v.customer)).size).toBeLessThanOrEqual(row.new_customers);
      const everyone = await owner.client.visits.staffVisits(LA, range.start, range.end, { detail: true });
      expect(everyone.visits).toHaveLength(report.staff.reduce((s, r) => s + r.visits, 0));
      expect((await owner.client.visits.staffVisits(LA, range.start, range.end, { detail: true, staff: 'none' })).visits).toEqual([]);
      expect(report.visits).toBeNull();
    });

    it('exports the rows and the totals as on screen', async () => {
      const path = exportPath(endpoints.visitExports.staffVisits, { params: { id: LA }, query: { start: range.start, end: range.end, format: 'csv' } });
      const file = await download(server, path, owner.jar);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain(`luxe-los-angeles_staff-visits_${range.start}_${range.end}.csv`);
      const [header, ...body] = await readCsv(file.body);
      expect(header).toEqual(endpoints.visitExports.staffVisits.columns.map((c) => (c.kind === 'money' ? `${c.label} (USD)` : c.label)));
      expect(body.map((r) => [r[0], Number(r[1])])).toEqual([...report.staff.map((r) => [r.name, r.visits]), ['Total', report.totals.visits]]);
      expect(body.at(-1)?.[8]).toBe((report.totals.sales / 100).toFixed(2));
    });

    it('refuses a backwards, too long or impossible range, another business, and users without the staff reports right', async () => {
      for (const [start, end] of [
        ['2026-02-01', '2026-01-01'],
        ['2024-01-01', '2026-01-01'],
      ]) {
        const bad = await refusal(owner.client.visits.staffVisits(LA, start!, end!));
        expect(bad.status).toBe(400);
        expect(bad.issues?.[0]?.path).toEqual(['query', 'end']);
      }
      for (const query of ['start=2026-02-30&end=2026-03-01', 'start=2026-01-01', 'start=yesterday&end=today', 'start=2026-01-01&end=2026-01-31&staff=0', 'start=2026-01-01&end=2026-01-31&detail=maybe']) {
        expect((await get(owner, `/protected/business/${LA}/staffvisitdata?${query}`)).status).toBe(400);
      }
      // Another network's location, and the manager (no staff reports right) in their own.
      expect([403, 404]).toContain((await refusal(lotus.client.visits.staffVisits(LA, range.start, range.end))).status);
      expect([403, 404]).toContain((await refusal(owner.client.visits.staffVisits(KTM, range.start, range.end))).status);
      const denied = await refusal(manager.client.visits.staffVisits(LA, range.start, range.end));
      expect(denied.status).toBe(403);
      expect(denied.message).toBe(MESSAGES.noBusinessPermission);
      const exportDenied = await download(server, exportPath(endpoints.visitExports.staffVisits, { params: { id: LA }, query: { ...range, format: 'csv' } }), manager.jar);
      expect(exportDenied.status).toBe(403);
    });
  });

  describe('appointments/taskresourcemap', () => {
    const today = () => todayIn(ZONE, new Date());

    it('gives the staff shown in appointments, their published shifts, the holidays and their appointments, each flagged or not', async () => {
      const day = addDays(today(), 1);
      const view = await manager.client.appointmentsView.taskResourceMap(LA, { start: day });
      expect([view.start, view.end, view.timezone]).toEqual([day, day, ZONE]);
      const staff = await owner.client.staff.list(LA);
      const shown = staff.filter((m) => m.visible_in_appointment && m.status === 'ACTIVE');
      expect(view.resources.map((r) => [r.id, r.display_name, r.schedulerColor])).toEqual(
        [...shown].sort((a, b) => a.order - b.order || a.id - b.id).map((m) => [m.id, m.display_name, m.attributes.schedulerColor ?? null]),
      );
      const published = (await owner.client.schedule.getDynamic(LA, { start: day, days: 1 })).schedules.filter((s) => s.published);
      expect(view.resources.flatMap((r) => r.shifts.map((s) => s.id)).sort()).toEqual(
        published.filter((s) => view.resources.some((r) => r.id === s.employee_id)).map((s) => s.id).sort(),
      );
      expect(view.appointments.length).toBeGreaterThan(0);
      expect(view.appointments.every((a) => a.day === day && view.resources.some((r) => r.id === a.staff_id))).toBe(true);
      expect(view.holidays).toEqual((await owner.client.schedule.listHolidays(LA)).filter((h) => h.day === day));
      // Each flag is the rule's reading of the shifts sent with it.
      const shifts = view.resources.flatMap((r) => r.shifts.map((s) => ({ ...s, employee_id: r.id })));
      const holidays = new Map(view.holidays.map((h) => [h.day, h.name]));
      for (const a of view.appointments) expect(a.flag).toEqual(appointmentFlag(a, shifts, holidays, ZONE));
      if (view.holidays.length === 0) {
        // The demo books within shifts, with one booking outside them on each published day.
        const flagged = view.appointments.filter((a) => a.flag !== null);
        expect(flagged.length).toBeGreaterThanOrEqual(1);
        expect(flagged.length).toBeLessThan(view.appointments.length / 2);
      }
    });

    it('follows the schedule: a shift published around a flagged appointment clears its flag, a holiday flags the day', async () => {
      // A coming day that is no holiday: the demo keeps one booking outside the shifts on it.
      const holidays = await owner.client.schedule.listHolidays(LA);
      const day = [2, 3, 4, 5].map((n) => addDays(today(), n)).find((d) => !holidays.some((h) => h.day === d)) as string;
      const view = await owner.client.appointmentsView.taskResourceMap(LA, { start: day });
      const flagged = view.appointments.find((a) => a.flag?.kind === APPOINTMENT_FLAG.NO_SHIFT || a.flag?.kind === APPOINTMENT_FLAG.OUTSIDE_SHIFT);
      if (!flagged) throw new Error(`no booking outside a shift on ${day}`);
      const own = view.resources.find((r) => r.id === flagged.staff_id)!.shifts;
      if (own.length === 0) await owner.client.schedule.create(LA, { employee_id: flagged.staff_id, day, start_time: '07:00', end_time: '21:00', published: true });
      else for (const s of own) await owner.client.schedule.updateDynamic(LA, s.id, { start_time: '07:00', end_time: '21:00' });
      const after = await owner.client.appointmentsView.taskResourceMap(LA, { start: day });
      expect(after.appointments.find((a) => a.id === flagged.id)?.flag).toBeNull();
      // The shift changed: the others of that staff member are inside it now.
      expect(after.appointments.filter((a) => a.staff_id === flagged.staff_id).every((a) => a.flag === null)).toBe(true);

      await owner.client.schedule.updateHolidays(LA, [...holidays, { day, name: 'Team training' }]);
      try {
        const closed = await owner.client.appointmentsView.taskResourceMap(LA, { start: day });
        expect(closed.holidays).toEqual([{ day, name: 'Team training' }]);
        const staffed = closed.appointments.filter((a) => a.status !== 'CANCELLED');
        expect(staffed.length).toBeGreaterThan(0);
        expect(staffed.every((a) => a.flag?.kind === APPOINTMENT_FLAG.HOLIDAY && a.flag.message === 'On a holiday: Team training.')).toBe(true);
      } finally {
        await owner.client.schedule.updateHolidays(LA, holidays);
      }
    });

    it('covers a week, and counts the appointments of staff hidden from appointments without showing them', async () => {
      const start = today();
      const week = await owner.client.appointmentsView.taskResourceMap(LA, { start, end: addDays(start, 6) });
      expect(new Set(week.appointments.map((a) => a.day)).size).toBeGreaterThan(3);
      expect(week.appointments.every((a) => a.day >= start && a.day <= addDays(start, 6))).toBe(true);
      const member = week.resources[0]!;
      const theirs = week.appointments.filter((a) => a.staff_id === member.id).length;
      await owner.client.staff.updateProperty(LA, member.id, 'visible_in_appointment', false);
      try {
        const hidden = await owner.client.appointmentsView.taskResourceMap(LA, { start, end: addDays(start, 6) });
        expect(hidden.resources.map((r) => r.id)).not.toContain(member.id);
        expect(hidden.hidden).toBe(week.hidden + theirs);
        expect(hidden.appointments).toHaveLength(week.appointments.length - theirs);
      } finally {
        await owner.client.staff.updateProperty(LA, member.id, 'visible_in_appointment', true);
      }
    });

    it('refuses a backwards or too long range, an impossible day, another business and users who may not view staff', async () => {
      const bad = await refusal(owner.client.appointmentsView.taskResourceMap(LA, { start: '2026-03-10', end: '2026-03-09' }));
      expect(bad.status).toBe(400);
      expect(bad.issues).toEqual([{ path: ['query', 'end'], message: 'The end day must not be before the start day.' }]);
      const long = await refusal(owner.client.appointmentsView.taskResourceMap(LA, { start: '2026-03-01', end: '2026-03-15' }));
      expect(long.issues).toEqual([{ path: ['query', 'end'], message: MESSAGES.appointmentsRangeTooLong }]);
      // Fourteen days are fine.
      await expect(owner.client.appointmentsView.taskResourceMap(LA, { start: '2026-03-01', end: '2026-03-14' })).resolves.toBeTruthy();
      for (const query of ['start=2026-02-30', 'start=2026-03-01&end=03-02', 'end=1999-12-31']) {
        expect((await get(owner, `/protected/business/${LA}/appointments/taskresourcemap?${query}`)).status).toBe(400);
      }
      expect([403, 404]).toContain((await refusal(lotus.client.appointmentsView.taskResourceMap(NY))).status);
      expect([403, 404]).toContain((await refusal(manager.client.appointmentsView.taskResourceMap(NY))).status);
      // The front desk of Kathmandu may open their location, but not view its staff.
      const frontdesk = await signedIn(server, 'frontdesk');
      expect((await refusal(frontdesk.client.appointmentsView.taskResourceMap(KTM))).status).toBe(403);
    });
  });
});
