import { addDays, todayIn, wallClockOf } from '@salondesk/core';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, services } from '../catalogue/schema';
import { businesses, roles, sessions, users } from '../db/schema';
import { demoSeededAt, signedIn, startTestServer, type TestServer } from '../test/harness';
import { DEMO_ACCOUNTS, DEMO_NETWORKS, DEMO_ROLES } from './accounts';
import { appointments, staff } from '../staff/schema';
import { DEMO_MENU } from './seed-catalogue';
import { DEMO_BACKBAR_PRODUCTS, DEMO_INVENTORY_CATEGORIES } from './seed-inventory';
import { APPOINTMENT_DAYS_AHEAD } from './seed-staff';
import { resetDemo } from './seed';

describe('demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const staffByBusiness = async () =>
    server.database.db
      .select({ business: staff.business_id, name: staff.full_name, color: staff.attributes })
      .from(staff)
      .orderBy(asc(staff.id));

  it('has the locations with their time zones and currencies, and 6 to 10 staff each with a scheduler colour', async () => {
    const rows = await server.database.db.select().from(businesses).orderBy(asc(businesses.id));
    expect(rows.map((b) => [b.name, b.timezone, b.info.currency])).toEqual(
      DEMO_NETWORKS.flatMap((n) => n.locations.map((l) => [l.name, l.timezone, l.currency])),
    );
    const members = await staffByBusiness();
    for (const b of rows) {
      const team = members.filter((m) => m.business === b.id);
      expect(team.length).toBeGreaterThanOrEqual(6);
      expect(team.length).toBeLessThanOrEqual(10);
      for (const m of team) expect(m.color.schedulerColor).toMatch(/^#[0-9A-F]{6}$/);
      expect(new Set(team.map((m) => m.color.schedulerColor)).size).toBe(team.length);
    }
  });

  it('gives every location the menu, priced in its own currency, and the roles with their defaults', async () => {
    const { db } = server.database;
    const rows = await db.select().from(businesses).orderBy(asc(businesses.id));
    const menuServices = DEMO_MENU.flatMap((c) => c.services ?? []).length;
    const menuProducts = DEMO_MENU.flatMap((c) => c.products ?? []).length;
    for (const b of rows) {
      expect((await db.select({ n: count() }).from(categories).where(eq(categories.business_id, b.id)))[0]?.n).toBe(DEMO_MENU.length + DEMO_INVENTORY_CATEGORIES);
      const menu = await db.select().from(services).where(eq(services.business_id, b.id));
      expect(menu).toHaveLength(menuServices);
      expect((await db.select({ n: count() }).from(products).where(eq(products.business_id, b.id)))[0]?.n).toBe(menuProducts + DEMO_BACKBAR_PRODUCTS);
      for (const s of menu) expect(s.price % 100).toBe(0);
    }
    const cut = async (businessId: number) =>
      (await db.select().from(services).where(eq(services.business_id, businessId))).find((s) => s.name === "Men's Cut")?.price;
    expect(await cut(1)).toBe(4000); // USD 40.00
    expect(await cut(4)).toBe(520000); // NPR 5,200.00
    expect((await db.select().from(roles).orderBy(asc(roles.id))).map((r) => r.name)).toEqual(DEMO_ROLES.map((r) => r.name));
  });

  const appointmentsOf = async () => {
    const rows = await server.database.db
      .select({ business: appointments.business_id, timezone: businesses.timezone, staff: appointments.staff_id, service: appointments.service_id, customer: appointments.customer_name, starts: appointments.starts_at, status: appointments.status })
      .from(appointments)
      .innerJoin(businesses, eq(businesses.id, appointments.business_id))
      .orderBy(asc(appointments.id));
    return rows.map(({ starts, timezone, ...r }) => ({ ...r, day: todayIn(timezone, starts), time: wallClockOf(starts, timezone) }));
  };

  it('books appointments around the day the demo was created, in each location’s time zone: this month and the next 30 days', async () => {
    const { db } = server.database;
    const all = await appointmentsOf();
    for (const b of await db.select().from(businesses).orderBy(asc(businesses.id))) {
      // The template database was seeded when this run started (the demo's today), from that day or
      // the day before it.
      const today = todayIn(b.timezone, demoSeededAt());
      const mine = all.filter((a) => a.business === b.id);
      const booked = mine.filter((a) => a.status === 'BOOKED').map((a) => a.day).sort();
      expect([today, addDays(today, -1)]).toContain(booked[0]);
      expect(booked.at(-1)! <= addDays(today, APPOINTMENT_DAYS_AHEAD)).toBe(true);
      expect(mine.filter((a) => a.status !== 'BOOKED').every((a) => a.day < today)).toBe(true);
      expect(mine.every((a) => a.time >= '09:00' && a.time <= '17:00')).toBe(true);
      const active = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.business_id, b.id), eq(staff.status, 'ACTIVE'), isNull(staff.deleted_at)));
      for (const member of active) {
        const theirs = mine.filter((a) => a.staff === member.id);
        expect(theirs.some((a) => a.day >= today && a.day <= addDays(today, 30))).toBe(true);
        expect(theirs.some((a) => a.day.slice(0, 7) === today.slice(0, 7))).toBe(true);
      }
    }
  });

  it('dates refunds and history entries when they were made: in the location’s zone, on or after the ticket’s day, never ahead of now', async () => {
    const [r] = (
      await server.database.db.execute<{ refunds: number; later: number; misdated: number; early: number; ahead: number; historyMisdated: number }>(sql`
        select count(*)::int as refunds,
          count(*) filter (where r.day > k.checkout_day)::int as later,
          count(*) filter (where r.day <> (r.created_at at time zone b.timezone)::date)::int as misdated,
          count(*) filter (where r.day < k.checkout_day or r.created_at < k.created_at)::int as early,
          count(*) filter (where r.created_at > now())::int as ahead,
          (select count(*)::int from transaction_history h join businesses hb on hb.id = h.business_id
            where h.day <> (h.created_at at time zone hb.timezone)::date or h.created_at > now()) as "historyMisdated"
        from refunds r join checkouts k on k.id = r.checkout_id join businesses b on b.id = r.business_id`)
    ).rows;
    expect(r).toMatchObject({ misdated: 0, early: 0, ahead: 0, historyMisdated: 0 });
    // Some are made on a later day than the sale, as at a real desk.
    expect(r?.later).toBeGreaterThan(0);
    expect(r?.later).toBeLessThan(r?.refunds ?? 0);
  });

  it('reset wipes everything (sessions too) and writes the same data again', async () => {
    const before = await staffByBusiness();
    const appointmentsBefore = await appointmentsOf();
    await signedIn(server, 'owner');
    expect((await server.database.db.select({ n: count() }).from(sessions))[0]?.n).toBeGreaterThan(0);

    // On the template's clock: the demo is planned around its today (weekdays, rosters, the
    // business's date), so a reset on another day of a location writes other bookings.
    await resetDemo(server.database.db, { now: demoSeededAt() });

    expect((await server.database.db.select({ n: count() }).from(sessions))[0]?.n).toBe(0);
    expect(await staffByBusiness()).toEqual(before);
    // The same bookings on the same wall clock.
    const strip = (rows: Awaited<ReturnType<typeof appointmentsOf>>) => rows.map(({ day: _day, ...r }) => r);
    expect(strip(await appointmentsOf())).toEqual(strip(appointmentsBefore));
    const accounts = await server.database.db.select({ username: users.username }).from(users).orderBy(asc(users.id));
    expect(accounts.map((a) => a.username)).toEqual(DEMO_ACCOUNTS.map((a) => a.username));
    const [admin] = await server.database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.id).toBe(1);
    await expect(signedIn(server, 'manager')).resolves.toBeTruthy();
    // A whole demo (ten days, five locations) is written again: about 9 s on an idle two-core
    // machine, and more than twice that while the other worker and PostgreSQL share the cores.
  }, 90_000);
});
