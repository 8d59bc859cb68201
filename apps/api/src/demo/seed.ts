import { createHash } from 'node:crypto';
import { CURRENCY_SYMBOL, type Currency } from '@salondesk/core';
import { count, sql } from 'drizzle-orm';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { hashStoredPassword } from '../auth/password';
import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { businesses, networks, roles, sessions, userBusinesses, userNetworks, users } from '../db/schema';
import { staff } from '../staff/schema';
import { DEMO_ACCOUNTS, DEMO_NETWORKS, DEMO_PASSWORD, DEMO_ROLES } from './accounts';
import { seedCatalogue } from './seed-catalogue';
import { seedSchedule } from './seed-schedule';
import { seedSettings, seedSettingTypes } from './seed-settings';
import { seedStaff } from './seed-staff';
import { seedAppointmentFlags } from './seed-appointments';
import { settingTypes } from '../settings/schema';
import { systemSettings } from '../system/schema';
import { authThrottle } from '../auth/schema';
import { outbox } from '../outbox/schema';
import { DASHBOARD_SYSTEM_SETTINGS, DEFAULT_DASHBOARD_CARDS, DEFAULT_KPI_PARAMS, SUPPORT_CONTACT_SETTING } from '@salondesk/core';
import { seedTimesheets } from './seed-timesheets';
import { seedTransactions } from './seed-transactions';
import { seedReports } from './seed-reports';
import { seedQuestionCards } from '../reports/questions/seed';
import { seedPivots } from './seed-pivots';
import { seedReportEngine } from '../reports/engine/seed';
import { seedPayroll } from './seed-payroll';
import { seedShifts } from './seed-shifts';
import { seedClients } from './seed-clients';
import { seedPrepaid } from './seed-prepaid';
import { DEMO_PAYOUT_SCHEDULES, seedWebPayments } from './seed-webpayments';
import { PRICE_SCALE } from './seed-catalogue';
import { seedSegments } from './seed-segments';
import { seedInventory } from './seed-inventory';
import { seedPurchaseOrders } from '../purchase-orders/seed';
import { seedEpay } from '../epay/seed';
import { seedCampaigns } from './seed-campaigns';
import { seedBilling } from './seed-billing';
import { seedWaivers } from './seed-waivers';
import { seedMedia } from './seed-media';

/** The fixed seed: the same demo data on every machine. */
export const DEMO_SEED = 20_240_601;

/** The demo platform's support contact (the `support-contact` system setting). */
export const DEMO_SUPPORT_CONTACT = { email: 'support@salondesk.localhost', phone: '+18005550199' } as const;

const FIRST_NAMES = ['Ava', 'Mia', 'Noah', 'Liam', 'Zoe', 'Ivy', 'Leo', 'Ruby', 'Kai', 'Nina', 'Omar', 'Priya', 'Sofia', 'Theo', 'Yuki', 'Elena', 'Maya', 'Jonah', 'Lena', 'Arjun', 'Chloe', 'Diego', 'Hana', 'Ravi'];
const LAST_NAMES = ['Bennett', 'Carter', 'Diaz', 'Evans', 'Flores', 'Gupta', 'Hayes', 'Ito', 'Khan', 'Lopez', 'Moreau', 'Nguyen', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Sato', 'Thapa', 'Walsh', 'Young'];
const SCHEDULER_COLORS = ['#F87171', '#FB923C', '#FBBF24', '#A3E635', '#34D399', '#22D3EE', '#60A5FA', '#818CF8', '#C084FC', '#F472B6'];
const DAILY_REPORTS = ['sales', 'aggregate-sales', 'shift-reports', 'timesheets', 'webpayments', 'prepaidbalance', 'staffsales/byvisit'];

const pick = <T>(rng: RandomGenerator, items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)] as T;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** How much transaction history the demo writes. */
export interface DemoOptions {
  /** Business days of transactions per location, ending today (env `SALONDESK_DEMO_DAYS`, default 365; 0 for none). */
  days?: number;
  /** Average tickets per day and location. Default 150. */
  perDay?: number;
  /** The clock ("today"). */
  now?: Date;
}

/** `SALONDESK_DEMO_DAYS` (default 365). */
export const demoDaysFromEnv = (env: NodeJS.ProcessEnv = process.env): number => {
  const raw = env.SALONDESK_DEMO_DAYS;
  if (raw === undefined || raw === '') return 365;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 3660) throw new Error(`SALONDESK_DEMO_DAYS must be a whole number of days (0–3660), got "${raw}"`);
  return n;
};

/** The card processor of a demo location: Stripe in the US, NMI elsewhere. */
export const demoProviderOf = (currency: string): 'stripe' | 'nmi' => (currency === 'USD' ? 'stripe' : 'nmi');

/** Writes the demo data into an empty database. Deterministic except password salts and receipt keys (for a given day). */
/**
 * Prepaid cards and memberships per network: 20,000 and 2,000 for the demo's year, fewer for a
 * shorter demo (the tests' ten days), so a short history seeds and resets quickly. Never fewer than
 * 2,000 cards and 200 memberships: enough for every status and the search's pages.
 */
export function demoPrepaidCounts(days: number): { cards: number; memberships: number } {
  const share = Math.min(Math.max(days, 0), 365) / 365;
  return { cards: Math.max(2_000, Math.round(20_000 * share)), memberships: Math.max(200, Math.round(2_000 * share)) };
}

export async function seedDemo(tx: Executor, options: DemoOptions = {}): Promise<void> {
  const days = options.days ?? demoDaysFromEnv();
  const now = options.now ?? new Date();
  const rng = xoroshiro128plus(DEMO_SEED);
  const networkIds = new Map<string, number>();
  await tx.insert(roles).values(DEMO_ROLES.map((role) => ({ name: role.name, label: role.label, params: role.params })));
  await seedSettingTypes(tx);
  let locationIndex = 0;
  const locationIds = new Map<string, number>();
  const locations: { id: number; name: string; networkName: string; timezone: string; taxrate: number; currency: string }[] = [];

  for (const network of DEMO_NETWORKS) {
    const [row] = await tx.insert(networks).values({ name: network.name }).returning({ id: networks.id });
    const networkId = (row as { id: number }).id;
    networkIds.set(network.name, networkId);

    for (const location of network.locations) {
      const [created] = await tx
        .insert(businesses)
        .values({
          network_id: networkId,
          name: location.name,
          status: 'ACTIVE',
          timezone: location.timezone,
          info: {
            name: location.name,
            currency: location.currency,
            translationData: { currencySymbol: CURRENCY_SYMBOL[location.currency] },
            taxrate: location.taxrate,
            timezone: location.timezone,
            address: location.address,
            phone: location.phone,
            calendarSettings: { weekStartsOn: 0 },
          },
          reportsettings: { enabled: true, reports: DAILY_REPORTS },
        })
        .returning({ id: businesses.id });
      const businessId = (created as { id: number }).id;
      locationIds.set(location.name, businessId);
      locations.push({ id: businessId, name: location.name, networkName: network.name, timezone: location.timezone, taxrate: location.taxrate, currency: location.currency });

      const headcount = uniformInt(rng, 6, 10);
      const colors = [...SCHEDULER_COLORS];
      const members = Array.from({ length: headcount }, (_, index) => {
        const first = pick(rng, FIRST_NAMES);
        const last = pick(rng, LAST_NAMES);
        const color = colors.splice(uniformInt(rng, 0, colors.length - 1), 1)[0] as string;
        return {
          business_id: businessId,
          network_id: networkId,
          name: first,
          nickname: uniformInt(rng, 0, 3) === 0 ? `${first[0]}${last[0]}` : null,
          full_name: `${first} ${last}`,
          status: index === headcount - 1 && uniformInt(rng, 0, 1) === 0 ? 'INACTIVE' : 'ACTIVE',
          order: index + 1,
          attributes: { schedulerColor: color },
          visible_in_appointment: uniformInt(rng, 0, 9) !== 0,
        };
      });
      const staffRows = await tx.insert(staff).values(members).returning({ id: staff.id, status: staff.status });
      await seedCatalogue(tx, businessId, location.currency);
      await seedSchedule(tx, {
        businessId,
        timezone: location.timezone,
        staffIds: staffRows.filter((m) => m.status === 'ACTIVE').map((m) => m.id),
        now,
        summerTemplate: location.name === 'Luxe Los Angeles',
      });
      await seedStaff(tx, { businessId, networkId, timezone: location.timezone, now });
      await seedAppointmentFlags(tx, { businessId, timezone: location.timezone, now });
      await seedSettings(tx, { id: businessId, network_id: networkId, name: location.name, index: locationIndex++ });
    }
  }

  const clientHash = sha256Hex(DEMO_PASSWORD);
  const accountIds = new Map<string, number>();
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashStoredPassword(clientHash)));
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const [row] = await tx
      .insert(users)
      .values({
        role: account.role,
        acl: account.acl,
        fullname: account.fullname,
        email: account.email,
        username: account.username,
        phone: account.phone,
        password_hash: passwordHashes[index] as string,
      })
      .returning({ id: users.id });
    const userId = (row as { id: number }).id;
    for (const name of account.networks) {
      await tx.insert(userNetworks).values({ user_id: userId, network_id: networkIds.get(name) as number });
    }
    for (const name of account.locations) {
      await tx.insert(userBusinesses).values({ user_id: userId, business_id: locationIds.get(name) as number });
    }
    accountIds.set(account.username, userId);
  }

  await seedReports(tx, locationIds, accountIds, now);

  await tx.insert(systemSettings).values([
    { key: DASHBOARD_SYSTEM_SETTINGS.cards, value: DEFAULT_DASHBOARD_CARDS },
    { key: DASHBOARD_SYSTEM_SETTINGS.kpis, value: DEFAULT_KPI_PARAMS },
    // The platform's support contact a suspended business that owes nothing is given.
    { key: SUPPORT_CONTACT_SETTING, value: DEMO_SUPPORT_CONTACT },
  ]).onConflictDoNothing();

  // Payroll settings per location: the pay period containing today open, the one before closed by the owner
  // (first: the timesheets leave their forgotten clock-out in the open period, as closing needs).
  await seedPayroll(
    tx,
    locations.map((location) => {
      const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(location.networkName));
      return { id: location.id, timezone: location.timezone, ownerId: owner ? (accountIds.get(owner.username) ?? null) : null };
    }),
    now,
  );

  // A year (by default) of tickets per location, done by the network's owner where a person acted,
  // served by whoever the timesheets say was at work (the owner made the timesheets' corrections).
  for (const location of locations) {
    const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(location.networkName));
    const ownerId = owner ? (accountIds.get(owner.username) ?? null) : null;
    const timesheets = { businessId: location.id, timezone: location.timezone, days, now, managerUserId: ownerId, dstNight: location.name === 'Luxe Los Angeles' };
    await seedTimesheets(tx, timesheets, (onShift) => seedTransactions(tx, {
      businessId: location.id,
      networkId: networkIds.get(location.networkName) ?? null,
      timezone: location.timezone,
      taxrate: location.taxrate,
      days,
      perDay: options.perDay ?? 150,
      now,
      seed: DEMO_SEED,
      actorUserId: owner ? (accountIds.get(owner.username) ?? null) : null,
      actorName: owner?.fullname ?? 'Salondesk',
      provider: demoProviderOf(location.currency),
      customers: days > 0 ? 1500 : 0,
      ...(onShift ? { onShift } : {}),
    }));
  }

  // A year of cash-drawer shifts per location against each day's cash sales; Luxe New York closes blind.
  await seedShifts(
    tx,
    locations.map((location) => {
      const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(location.networkName));
      return { businessId: location.id, timezone: location.timezone, currency: location.currency as Currency, ownerId: owner ? (accountIds.get(owner.username) ?? null) : null, blindClose: location.name === 'Luxe New York' };
    }),
    days,
    now,
  );
  // Web payments and payouts: every card payment a charge at the location's provider, paid out on its schedule; two mismatches in the first location.
  await seedWebPayments(
    tx,
    locations.map((location, index) => ({
      businessId: location.id,
      timezone: location.timezone,
      provider: demoProviderOf(location.currency),
      currency: location.currency.toLowerCase(),
      schedule: DEMO_PAYOUT_SCHEDULES[index % DEMO_PAYOUT_SCHEDULES.length] as (typeof DEMO_PAYOUT_SCHEDULES)[number],
      mismatches: index === 0,
    })),
    now,
  );
  // Prepaid cards (their ledgers redeeming the tickets' gift tenders) and memberships, per network.
  const prepaid = demoPrepaidCounts(days);
  for (const networkId of networkIds.values()) await seedPrepaid(tx, { networkId, ...prepaid, now, seed: DEMO_SEED });
  // Vendors, 200 products with barcodes and par levels, and a year of stock movements consistent with the tickets.
  for (const location of locations) {
    await seedInventory(tx, { businessId: location.id, timezone: location.timezone, costScale: PRICE_SCALE[location.currency as keyof typeof PRICE_SCALE] ?? 1, days, now, seed: DEMO_SEED });
  }
  // The media library: staff photos and service images, used where they show (drawn on first view).
  await seedMedia(tx, locations.map((l) => l.id));
  // Purchase orders: the latest deliveries as the received orders they were; a partly received, a sent and a draft one open.
  for (const location of locations) {
    const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(location.networkName));
    await seedPurchaseOrders(tx, { businessId: location.id, timezone: location.timezone, now, userId: owner ? (accountIds.get(owner.username) ?? null) : null });
  }

  await seedReportEngine(tx);
  // The pivot of sales by staff × month, in each location, by its network's owner.
  await seedPivots(
    tx,
    locations.map((location) => {
      const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(location.networkName));
      return { businessId: location.id, ownerId: owner ? (accountIds.get(owner.username) ?? null) : null };
    }),
  );
  // Fresh statistics: reports plan their joins from them (autovacuum would only get there later).
  await tx.execute(sql`analyze businesses, staff, customers, services, products, categories, queue, checkouts, saleslogs, refunds, sales_daily, timesheets, timesheet_activity, prepaid_cards, prepaid_ledger, memberships, membership_events, vendors, stock_movements, purchase_orders, purchase_order_lines, web_payments, payouts, payout_items`);
  await seedQuestionCards(tx, locations.map((l) => l.id));
  // Clients (issue 18): birthdays, notes, the networks' tags given by what clients did, two duplicates per location to merge.
  await seedClients(tx, { networkIds: [...networkIds.values()], businessIds: locations.map((l) => l.id), now, seed: DEMO_SEED });
  // Customer segments (issue 18): five per location; the manager edits one where they work.
  await seedSegments(
    tx,
    locations.map((l) => {
      const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(l.networkName));
      const manager = DEMO_ACCOUNTS.find((a) => a.username === 'manager');
      return {
        businessId: l.id,
        currency: l.currency,
        ownerId: owner ? (accountIds.get(owner.username) ?? null) : null,
        managerId: manager?.locations.includes(l.name) ? (accountIds.get('manager') ?? null) : null,
      };
    }),
  );
  // Epay settings, domain allow-lists and short links (issue 15).
  await seedEpay(tx, locations.map((l) => ({ businessId: l.id, name: l.name, currency: l.currency })));
  // Billing (issue 16): plans, a subscription per location paid by its network's owner, a year of invoices in every status, balances.
  await seedBilling(
    tx,
    locations.flatMap((l) => {
      const owner = DEMO_ACCOUNTS.find((a) => a.networks.includes(l.networkName));
      const payerId = owner ? accountIds.get(owner.username) : undefined;
      return payerId === undefined ? [] : [{ businessId: l.id, name: l.name, currency: l.currency as Currency, timezone: l.timezone, taxrate: l.taxrate, payerId }];
    }),
    now,
    accountIds.get('admin') ?? null,
  );
  // Waivers (issue 18): two waivers with two versions each, assigned, and signatures; appointment clients linked to client records.
  await seedWaivers(tx, { businessIds: locations.map((l) => l.id), now });
  // Campaigns and surveys (issue 18): two sent campaigns with their figures, a survey with answers, a draft.
  if (days > 0) for (const l of locations) await seedCampaigns(tx, { businessId: l.id, name: l.name, timezone: l.timezone, now });
}

/** Seeds only a database with no networks; safe when two servers start at once. Returns whether it seeded. */
export async function seedIfEmpty(db: Database, options: DemoOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salondesk:seed'))`);
    const [row] = await tx.select({ n: count() }).from(networks);
    if ((row?.n ?? 0) > 0) return false;
    await seedDemo(tx, options);
    return true;
  });
}

/** Wipes every table (sessions included, so everyone is signed out) and writes the demo data again. */
export async function resetDemo(db: Database, options: DemoOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salondesk:seed'))`);
    await tx.execute(
      // cascade: every area's table references businesses (or users), so it is emptied too.
      sql`truncate table ${systemSettings}, ${settingTypes}, ${authThrottle}, ${outbox}, ${sessions}, ${userBusinesses}, ${userNetworks}, ${staff}, ${users}, ${roles}, ${businesses}, ${networks} restart identity cascade`,
    );
    // The payment simulators' state (schema provider_sim) is the demo's too: its charges and
    // payouts were seeded beside the tickets, so they go with them.
    await tx.execute(sql.raw(`do $$ declare t text; begin
      select string_agg(format('%I.%I', schemaname, tablename), ', ') into t from pg_tables where schemaname = 'provider_sim';
      if t is not null then execute 'truncate table ' || t || ' restart identity cascade'; end if;
    end $$`));
    await seedDemo(tx, options);
  });
}
