import { categoryNameKey, type ReportCategoryIcon, type ReportCategoryType, type ReportParameter } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { rows } from '../db/executor';

/**
 * The demo's report catalogue: categories of both types in every location, a dozen custom reports
 * of each type (procedure, function, embed) spread over the locations and naming the report
 * functions of schema `reports`, a generic report offered to every location, one public report in
 * the gallery, one marked for deletion, and the reports the restricted manager is given (by id
 * and by legacy id). Written with a few set-based statements, so the first start stays quick.
 */

export const DEMO_REPORT_CATEGORIES: readonly { name: string; icon: ReportCategoryIcon; type: ReportCategoryType }[] = [
  { name: 'Sales', icon: 'chart-bar', type: 'proc' },
  { name: 'Staff', icon: 'users', type: 'proc' },
  { name: 'Clients & prepaid', icon: 'gift', type: 'proc' },
  { name: 'Sales pivots', icon: 'table-cells', type: 'pivot' },
  { name: 'Staff pivots', icon: 'presentation-chart-line', type: 'pivot' },
];

/** The parameters every demo procedure and function report takes: a range of days, this month so far by default. */
export const DEMO_RANGE_PARAMS: ReportParameter[] = [
  { id: 'start_day', label: 'From', type: 'date', target: 'start_day', required: true, config: { valueType: 'relative', value: 'start-of-month' } },
  { id: 'end_day', label: 'To', type: 'date', target: 'end_day', required: true, config: { valueType: 'relative', value: 'today' } },
];

export interface DemoCustomReport {
  location: string;
  title: string;
  description: string;
  category: string | null;
  type: 'procedure' | 'function' | 'embed';
  /** The function in schema `reports`, or the embed's name. */
  name: string;
  level?: 'business' | 'network';
  layout?: 'table' | 'chart' | 'table-and-chart';
  legacyId?: number;
  metabaseId?: number;
  generic?: boolean;
  public?: boolean;
  /** Marked for deletion by its creator (in the deleted-reports view). */
  marked?: boolean;
  /** Given to the restricted manager: by id, or (`legacy`) by its legacy id. */
  manager?: 'id' | 'legacy';
  /** The demo account that made it. */
  by: string;
}

const LA = 'Luxe Los Angeles';
const NY = 'Luxe New York';
const SM = 'Luxe Santa Monica';
const KTM = 'Lotus Kathmandu';
const SYD = 'Harbour Sydney';

const proc = (location: string, title: string, name: string, category: string | null, by: string, extra: Partial<DemoCustomReport> = {}): DemoCustomReport => ({
  location,
  title,
  description: `${title} over a range of days.`,
  category,
  type: 'procedure',
  name,
  by,
  ...extra,
});
const fn = (location: string, title: string, name: string, category: string | null, by: string, extra: Partial<DemoCustomReport> = {}): DemoCustomReport => ({
  ...proc(location, title, name, category, by, extra),
  type: 'function',
});
const embed = (location: string, title: string, metabaseId: number, category: string, by: string, extra: Partial<DemoCustomReport> = {}): DemoCustomReport => ({
  location,
  title,
  description: `${title}, from the Metabase question ${metabaseId}.`,
  category,
  type: 'embed',
  name: title,
  layout: 'chart',
  metabaseId,
  by,
  ...extra,
});

export const DEMO_CUSTOM_REPORTS: readonly DemoCustomReport[] = [
  // Procedure reports
  proc(LA, 'Sales by service', 'sales_by_service', 'Sales', 'owner', { manager: 'id' }),
  proc(LA, 'Sales by staff', 'sales_by_staff', 'Staff', 'owner'),
  proc(LA, 'Tips by staff', 'tips_by_staff', 'Staff', 'owner', { legacyId: 7001, manager: 'legacy' }),
  proc(LA, 'Prepaid balance', 'prepaid_balance', 'Clients & prepaid', 'owner'),
  proc(NY, 'Sales by service', 'sales_by_service', 'Sales', 'owner', { legacyId: 7002 }),
  proc(NY, 'Retail by product', 'retail_by_product', 'Sales', 'owner'),
  proc(NY, 'Customer visits', 'customer_visits', 'Clients & prepaid', 'owner'),
  proc(SM, 'Sales by staff', 'sales_by_staff', 'Staff', 'owner'),
  proc(SM, 'Staff sales by visit', 'staff_sales_by_visit', 'Staff', 'owner'),
  proc(KTM, 'Sales by service', 'sales_by_service', 'Sales', 'lotus'),
  proc(KTM, 'Customer visits by month', 'customer_visits', 'Clients & prepaid', 'lotus', { public: true, layout: 'table-and-chart' }),
  proc(SYD, 'Tips by staff', 'tips_by_staff', 'Staff', 'lotus'),
  // Function reports
  fn(LA, 'Network sales by staff', 'sales_by_staff', 'Staff', 'owner', { level: 'network', layout: 'table-and-chart' }),
  fn(LA, 'Retail by product', 'retail_by_product', 'Sales', 'owner', { manager: 'id' }),
  fn(LA, 'Customer visits', 'customer_visits', 'Clients & prepaid', 'owner', { marked: true }),
  fn(LA, 'Staff sales by visit', 'staff_sales_by_visit', 'Staff', 'owner'),
  fn(LA, 'Tips by staff, every location', 'tips_by_staff', null, 'admin', { generic: true, level: 'network' }),
  fn(NY, 'Sales by staff', 'sales_by_staff', 'Staff', 'owner'),
  fn(NY, 'Tips by staff', 'tips_by_staff', 'Staff', 'owner'),
  fn(NY, 'Prepaid balance', 'prepaid_balance', 'Clients & prepaid', 'owner'),
  fn(SM, 'Sales by service', 'sales_by_service', 'Sales', 'owner'),
  fn(SM, 'Retail by product', 'retail_by_product', 'Sales', 'owner'),
  fn(KTM, 'Staff sales by visit', 'staff_sales_by_visit', 'Staff', 'lotus'),
  fn(KTM, 'Prepaid balance', 'prepaid_balance', 'Clients & prepaid', 'lotus'),
  fn(SYD, 'Sales by service', 'sales_by_service', 'Sales', 'lotus'),
  // Embed reports (Metabase questions)
  embed(LA, 'Revenue overview', 1, 'Sales', 'owner'),
  embed(LA, 'Rebooking rate', 2, 'Clients & prepaid', 'owner'),
  embed(LA, 'Staff utilisation', 3, 'Staff', 'owner'),
  embed(NY, 'New and returning clients', 4, 'Clients & prepaid', 'owner'),
  embed(NY, 'Service mix', 5, 'Sales', 'owner'),
  embed(SM, 'Retail attach rate', 6, 'Sales', 'owner'),
  embed(SM, 'Average ticket by weekday', 7, 'Sales', 'owner'),
  embed(KTM, 'Gift card liability', 8, 'Clients & prepaid', 'lotus'),
  embed(KTM, 'No-show rate', 9, 'Clients & prepaid', 'lotus'),
  embed(SYD, 'Peak hours', 10, 'Staff', 'lotus'),
  embed(SYD, 'Product margin', 11, 'Sales', 'lotus'),
  embed(SYD, 'Client retention', 12, 'Clients & prepaid', 'lotus'),
];

/**
 * Writes the catalogue. `locations` and `accounts` map the demo's names to their ids. Reports are
 * written in list order, so their ids are the same on every machine.
 */
export async function seedReports(tx: Executor, locations: ReadonlyMap<string, number>, accounts: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const businessIds = [...locations.values()];
  const categories = DEMO_REPORT_CATEGORIES;
  // Every category in every location: one statement over the product of both lists.
  await tx.execute(sql`insert into report_categories (business_id, category_name, name_key, category_icon, type)
    select b.id, c.name, c.name_key, c.icon, c.type
    from unnest(${`{${businessIds.join(',')}}`}::int[]) with ordinality as b(id, n),
      jsonb_to_recordset(${JSON.stringify(categories.map((c, i) => ({ name: c.name, name_key: categoryNameKey(c.name), icon: c.icon, type: c.type, ord: i })))}::jsonb)
        as c(name text, name_key text, icon text, type text, ord int)
    order by b.n, c.ord`);

  const reports = DEMO_CUSTOM_REPORTS.map((r, ord) => ({
    ord,
    business_id: locations.get(r.location),
    title: r.title,
    description: r.description,
    category_key: r.category ? categoryNameKey(r.category) : null,
    type: r.type,
    report_level: r.level ?? 'business',
    report_layout: r.layout ?? 'table',
    generic: r.generic ?? false,
    name: r.name,
    params: r.type === 'embed' ? [] : DEMO_RANGE_PARAMS,
    legacy_id: r.legacyId ?? null,
    created_by: accounts.get(r.by) ?? null,
    metabase_id: r.metabaseId ?? null,
    public: r.public ?? false,
  }));
  const inserted = await rows<{ id: number }>(tx, sql`insert into custom_reports (business_id, title, description, category_id, type, report_level, report_layout,
      generic, name, params, legacy_id, created_by, metabase_id, public)
    select r.business_id, r.title, r.description, c.id, r.type, r.report_level, r.report_layout, r.generic, r.name, r.params, r.legacy_id, r.created_by, r.metabase_id, r.public
    from jsonb_to_recordset(${JSON.stringify(reports)}::jsonb) as r(ord int, business_id int, title text, description text, category_key text, type text,
      report_level text, report_layout text, generic boolean, name text, params jsonb, legacy_id int, created_by int, metabase_id int, public boolean)
    left join report_categories c on c.business_id = r.business_id and c.name_key = r.category_key and c.type = 'proc'
    order by r.ord
    returning id`);
  // Identities are given in the select's order, into an empty table: ascending ids follow the list.
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);

  // The one marked for deletion, marked yesterday by its creator (Deletion metadata).
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  for (const [index, report] of DEMO_CUSTOM_REPORTS.entries()) {
    if (!report.marked) continue;
    const id = ids[index] as number;
    await tx.execute(sql`update custom_reports set deleted_at = ${yesterday} where id = ${id}`);
    await tx.execute(sql`insert into report_deletions (business_id, report_id, report_kind, report_title, action, by_user_id, by_name, by_email, by_username, at)
      select r.business_id, r.id, 'custom', r.title, 'mark', u.id, u.fullname, u.email, u.username, ${yesterday}
      from custom_reports r join users u on u.id = r.created_by where r.id = ${id}`);
  }

  // The manager may run the reports given to them: by id, and one by its legacy id (spec 000 §6).
  const given = DEMO_CUSTOM_REPORTS.flatMap((r, index) => (r.manager === 'id' ? [ids[index] as number] : r.manager === 'legacy' && r.legacyId ? [r.legacyId] : []));
  await tx.execute(sql`update users set acl = jsonb_set(acl, '{custom}', ${JSON.stringify(given)}::jsonb) where username = 'manager'`);
}
