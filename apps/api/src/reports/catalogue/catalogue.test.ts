import { categoryExists, CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES, type PivotConfiguration, reportCategoryUnknown, reportFunctionUnknown } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../auth/sessions';
import { DEMO_CUSTOM_REPORTS } from '../../demo/seed-reports';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../../test/harness';
import { rows } from '../../db/executor';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;

const pivotConfig: PivotConfiguration = {
  source: { kind: 'function', name: 'sales_by_staff' },
  params: { start_day: '2025-01-01', end_day: '2025-12-31' },
  rows: ['staff'],
  columns: ['month'],
  values: [{ field: 'total', aggregate: 'sum' }],
  subtotals: true,
  grandTotals: true,
};

/** The demo's custom reports by location, not marked for deletion, with the generic ones offered everywhere. */
const demoTitles = (locations: readonly string[]) =>
  DEMO_CUSTOM_REPORTS.filter((r) => !r.marked && (r.generic || locations.includes(r.location)))
    .map((r) => r.title)
    .sort();
const LUXE = ['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica'];
const LOTUS = ['Lotus Kathmandu', 'Harbour Sydney'];

describe('the report catalogue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // The report engine ships schema `reports`; a report function of this test's own makes the name check testable either way.
    await server.database.db.execute(sql`create schema if not exists reports`);
    for (const name of ['sales_by_staff', 'sales_by_service', 'rcat_test_report']) {
      const [exists] = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'reports' and p.proname = ${name}`);
      if (!exists?.n) await server.database.db.execute(sql.raw(`create function reports.${name}(start_day date, end_day date) returns table (day date) language sql as $$ select start_day $$`));
    }
  });
  afterAll(() => server.close());

  const count = async (table: string) => (await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n ?? -1;
  const titles = (reports: readonly { title: string }[]) => reports.map((r) => r.title).sort();

  describe('who sees which custom reports (spec 000 §6), for each demo user', () => {
    it('admin and owner see every report of Luxe Los Angeles and the generic one; the marked one is not listed', async () => {
      for (const username of ['admin', 'owner']) {
        const { client } = await signedIn(server, username);
        expect(titles(await client.reports.listCustom(LA))).toEqual(demoTitles(['Luxe Los Angeles']));
      }
    });

    it('the restricted manager sees the reports given by id and by legacy id, and nothing else', async () => {
      const { client } = await signedIn(server, 'manager');
      expect(titles(await client.reports.listCustom(LA))).toEqual(['Retail by product', 'Sales by service', 'Tips by staff']);
      expect(titles(await client.reports.userCustom())).toEqual(['Retail by product', 'Sales by service', 'Tips by staff']);
      expect(await client.reports.listPivot(LA)).toEqual([]);
    });

    it('the other network’s owner sees theirs and the generic one; the front desk sees none', async () => {
      const lotus = await signedIn(server, 'lotus');
      expect(titles(await lotus.client.reports.listCustom(KATHMANDU))).toEqual(demoTitles(['Lotus Kathmandu']));
      expect(titles(await lotus.client.reports.userCustom())).toEqual(demoTitles(LOTUS));
      const frontdesk = await signedIn(server, 'frontdesk');
      await expect(frontdesk.client.reports.listCustom(KATHMANDU)).rejects.toMatchObject({ status: 403 });
      expect(await frontdesk.client.reports.userCustom()).toEqual([]);
      expect(await frontdesk.client.reports.userPivot()).toEqual([]);
    });

    it('the user-level list holds every report of every business the user may open', async () => {
      const owner = await signedIn(server, 'owner');
      expect(titles(await owner.client.reports.userCustom())).toEqual(demoTitles(LUXE));
      const admin = await signedIn(server, 'admin');
      expect(titles(await admin.client.reports.userCustom())).toEqual(demoTitles([...LUXE, ...LOTUS]));
    });

    it('a report of another business is not found, whatever the call', async () => {
      const owner = await signedIn(server, 'owner');
      const [ny] = (await owner.client.reports.listCustom(NY)).filter((r) => r.business_id === NY);
      if (!ny) throw new Error('no NY report');
      await expect(owner.client.reports.getCustom(LA, ny.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.reportNotFound });
      await expect(owner.client.reports.updateCustom(LA, ny.id, { title: 'Mine' })).rejects.toMatchObject({ status: 404 });
      await expect(owner.client.reports.deleteReport(LA, { report_id: ny.id, type: 'custom', action: 'mark' })).rejects.toMatchObject({ status: 404 });
      await expect(owner.client.reports.makePublic(LA, { report_id: ny.id, type: 'custom', public: true })).rejects.toMatchObject({ status: 404 });
      await expect(owner.client.reports.duplicateCustom(LA, ny.id)).rejects.toMatchObject({ status: 404 });
      const lotus = await signedIn(server, 'lotus');
      await expect(lotus.client.reports.getCustom(KATHMANDU, ny.id)).rejects.toMatchObject({ status: 404 });
      expect((await owner.client.reports.getCustom(NY, ny.id)).title).toBe(ny.title);
    });

    it('turning a location’s reports off empties its lists', async () => {
      const owner = await signedIn(server, 'owner');
      await server.database.db.execute(sql`update businesses set reportsettings = jsonb_set(reportsettings, '{enabled}', 'false') where id = ${NY}`);
      try {
        expect(await owner.client.reports.listCustom(NY)).toEqual([]);
        expect(titles(await owner.client.reports.userCustom())).toEqual(demoTitles(['Luxe Los Angeles', 'Luxe Santa Monica']));
      } finally {
        await server.database.db.execute(sql`update businesses set reportsettings = jsonb_set(reportsettings, '{enabled}', 'true') where id = ${NY}`);
      }
    });
  });

  describe('custom reports', () => {
    it('creates, reads and updates one, with its category found by name whatever the case', async () => {
      const { client, session } = await signedIn(server, 'owner');
      const created = await client.reports.createCustom(LA, {
        title: '  Staff sales ',
        type: 'function',
        name: 'sales_by_staff',
        category_name: 'sales',
        params: [{ id: 'start_day', type: 'date', target: 'start_day', config: { valueType: 'relative', value: 'start-of-month' } }],
        columns: [{ key: 'staff', label: 'Staff', format: 'text' }],
      });
      expect(created).toMatchObject({ title: 'Staff sales', category_name: 'Sales', business_id: LA, created_by: session.user.id, deleted_at: null, public: false, generic: false });
      expect(await client.reports.getCustom(LA, created.id)).toEqual(created);
      const updated = await client.reports.updateCustom(LA, created.id, { title: 'Staff sales by month', category_name: null, report_layout: 'chart' });
      expect(updated).toMatchObject({ title: 'Staff sales by month', category_name: null, report_layout: 'chart', name: 'sales_by_staff' });
    });

    it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
      const { client, jar } = await signedIn(server, 'owner');
      const before = await count('custom_reports');
      const post = (body: unknown) =>
        rawRequest(server, `/protected/business/${LA}/customreports/new`, {
          method: 'POST',
          headers: { cookie: `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const good = { title: 'A report', type: 'function', name: 'sales_by_staff' };
      const cases: [unknown, string][] = [
        [{ ...good, title: '   ' }, 'title'],
        [{ ...good, name: 'Sales by staff' }, 'name'],
        [{ ...good, name: 'drop table; --' }, 'name'],
        [{ ...good, type: 'embed', name: 'Revenue' }, 'metabase_id'],
        [{ ...good, type: 'query' }, 'type'],
        [{ ...good, params: [{ id: 'a', type: 'date', target: 'a', config: { valueType: 'static' } }, { id: 'a', type: 'date', target: 'b', config: { valueType: 'static' } }] }, 'params'],
        [{ ...good, columns: [{ key: 'Bad Key', label: 'x', format: 'text' }] }, 'columns'],
        [{ ...good, legacy_id: -1 }, 'legacy_id'],
      ];
      for (const [body, field] of cases) {
        const response = await post(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body?.issues?.some((issue) => issue.path[0] === field), JSON.stringify(response.body)).toBe(true);
      }
      await expect(client.reports.createCustom(LA, { ...good, type: 'function', category_name: 'Payroll' })).rejects.toMatchObject({ status: 400, message: reportCategoryUnknown('Payroll') });
      // A category of pivots is not one of custom reports.
      await expect(client.reports.createCustom(LA, { ...good, type: 'function', category_name: 'Sales pivots' })).rejects.toMatchObject({ status: 400 });
      await expect(client.reports.createCustom(LA, { ...good, type: 'function', generic: true })).rejects.toMatchObject({ status: 403, message: MESSAGES.genericReportsAdminsOnly });
      expect(await count('custom_reports')).toBe(before);
    });

    it('refuses a function the reports schema does not have, with a clear message', async () => {
      const { client } = await signedIn(server, 'owner');
      const before = await count('custom_reports');
      await expect(client.reports.createCustom(LA, { title: 'Colours', type: 'procedure', name: 'sales_by_colour' })).rejects.toMatchObject({
        status: 400,
        message: reportFunctionUnknown('sales_by_colour'),
      });
      expect(await count('custom_reports')).toBe(before);
      const ok = await client.reports.createCustom(LA, { title: 'Test', type: 'procedure', name: 'rcat_test_report' });
      await expect(client.reports.updateCustom(LA, ok.id, { name: 'nope_not_here' })).rejects.toMatchObject({ status: 400, message: reportFunctionUnknown('nope_not_here') });
      // An embed report names a Metabase question, not a function.
      expect((await client.reports.createCustom(LA, { title: 'Embedded', type: 'embed', name: 'Anything at all', metabase_id: 42 })).metabase_id).toBe(42);
    });

    it('lets the manager run a report given to them but not change it; what they make themselves they may', async () => {
      const manager = await signedIn(server, 'manager');
      const [given] = await manager.client.reports.listCustom(LA);
      if (!given) throw new Error('nothing given');
      await expect(manager.client.reports.updateCustom(LA, given.id, { title: 'Mine now' })).rejects.toMatchObject({ status: 403, message: MESSAGES.reportChangeNotAllowed });
      await expect(manager.client.reports.deleteReport(LA, { report_id: given.id, type: 'custom', action: 'mark' })).rejects.toMatchObject({ status: 403 });
      await expect(manager.client.reports.addCategory(LA, { category_name: 'Mine', type: 'proc' })).rejects.toMatchObject({ status: 403, message: MESSAGES.reportCategoriesOwnersOnly });
      const copy = await manager.client.reports.duplicateCustom(LA, given.id);
      expect(copy).toMatchObject({ title: `${given.title} (copy)`, created_by: manager.session.user.id, legacy_id: null });
      expect(titles(await manager.client.reports.listCustom(LA))).toContain(copy.title);
      expect((await manager.client.reports.updateCustom(LA, copy.id, { title: 'My copy' })).title).toBe('My copy');
      // The owner sees it too (unrestricted).
      const owner = await signedIn(server, 'owner');
      expect(titles(await owner.client.reports.listCustom(LA))).toContain('My copy');
    });
  });

  describe('categories (spec 000 §5)', () => {
    it('refuses a name already there, case and spaces ignored, naming the one in the way', async () => {
      const { client } = await signedIn(server, 'owner');
      const created = await client.reports.addCategory(LA, { category_name: 'Payroll Reports', category_icon: 'banknotes', type: 'proc' });
      expect(created).toMatchObject({ category_name: 'Payroll Reports', category_icon: 'banknotes', type: 'proc', reports: 0 });
      const before = await count('report_categories');
      for (const name of ['Payroll Reports', 'payroll reports', '  PAYROLL   reports', 'PayrollReports']) {
        await expect(client.reports.addCategory(LA, { category_name: name, type: 'pivot' })).rejects.toMatchObject({ status: 409, message: categoryExists('Payroll Reports') });
      }
      await expect(client.reports.addCategory(LA, { category_name: 'sales', type: 'proc' })).rejects.toMatchObject({ message: 'Category Sales already exists' });
      expect(await count('report_categories')).toBe(before);
      // The same name in another business is its own.
      expect((await client.reports.addCategory(NY, { category_name: 'Payroll Reports', type: 'proc' })).category_name).toBe('Payroll Reports');
      // Renaming onto another's name is refused; onto its own (another case) is a rename.
      await expect(client.reports.updateCategory(LA, created.id, { category_name: 'STAFF' })).rejects.toMatchObject({ status: 409, message: categoryExists('Staff') });
      expect((await client.reports.updateCategory(LA, created.id, { category_name: 'payroll reports' })).category_name).toBe('payroll reports');
      await expect(client.reports.addCategory(LA, { category_name: 'X', category_icon: 'not-an-icon' as 'gift', type: 'proc' })).rejects.toMatchObject({ status: 400 });
    });

    it('lists each category with its reports; removing one leaves its reports uncategorised', async () => {
      const { client } = await signedIn(server, 'owner');
      const category = await client.reports.addCategory(LA, { category_name: 'Short lived', type: 'proc' });
      const report = await client.reports.createCustom(LA, { title: 'Filed', type: 'function', name: 'sales_by_staff', category_name: 'Short lived' });
      const listed = (await client.reports.listCategories(LA, 'proc')).find((c) => c.id === category.id);
      expect(listed?.reports).toBe(1);
      expect((await client.reports.listCategories(LA, 'pivot')).every((c) => c.type === 'pivot')).toBe(true);
      await expect(client.reports.deleteCategory(NY, category.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.reportCategoryNotFound });
      expect(await client.reports.deleteCategory(LA, category.id)).toEqual({ id: category.id });
      expect((await client.reports.getCustom(LA, report.id)).category_name).toBeNull();
    });
  });

  describe('deletion (spec 000 §4)', () => {
    it('marks, restores and deletes for good, recording who did each', async () => {
      const { client, session } = await signedIn(server, 'owner');
      const report = await client.reports.createCustom(LA, { title: 'Doomed', type: 'function', name: 'sales_by_service' });
      const who = { id: session.user.id, name: session.user.fullname, email: session.user.email, username: session.user.username };

      const marked = await client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'mark' });
      expect(marked).toMatchObject({ state: 'marked', deleted_at: expect.any(String), record: { action: 'mark', deletedBy: who, title: 'Doomed', report_id: report.id, type: 'custom' } });
      expect(titles(await client.reports.listCustom(LA))).not.toContain('Doomed');
      const view = await client.reports.deletedReports(LA);
      expect(view.marked.find((m) => m.report_id === report.id)).toMatchObject({ title: 'Doomed', deletedBy: who });
      // Marked: not changed, not marked again, not shared.
      await expect(client.reports.updateCustom(LA, report.id, { title: 'Saved' })).rejects.toMatchObject({ status: 409, message: MESSAGES.reportAlreadyMarked });
      await expect(client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'mark' })).rejects.toMatchObject({ status: 409, message: MESSAGES.reportAlreadyMarked });

      const restored = await client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'restore' });
      expect(restored).toMatchObject({ state: 'restored', deleted_at: null });
      expect(titles(await client.reports.listCustom(LA))).toContain('Doomed');
      // Deleting for good needs it marked first.
      await expect(client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'delete' })).rejects.toMatchObject({ status: 409, message: MESSAGES.reportNotMarked });

      await client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'mark' });
      const gone = await client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'delete' });
      expect(gone.state).toBe('deleted');
      expect('deleted_at' in gone).toBe(false);
      await expect(client.reports.getCustom(LA, report.id)).rejects.toMatchObject({ status: 404 });
      await expect(client.reports.deleteReport(LA, { report_id: report.id, type: 'custom', action: 'restore' })).rejects.toMatchObject({ status: 404 });
      const history = (await client.reports.deletedReports(LA)).history.filter((h) => h.report_id === report.id && h.type === 'custom');
      expect(history.map((h) => h.action)).toEqual(['delete', 'mark', 'restore', 'mark']);
      expect(history.every((h) => h.deletedBy.username === 'owner')).toBe(true);
    });

    it('shows the demo report marked for deletion with who marked it; the manager sees neither it nor the owner’s history', async () => {
      const owner = await signedIn(server, 'owner');
      const view = await owner.client.reports.deletedReports(LA);
      expect(view.marked.find((m) => m.title === 'Customer visits')).toMatchObject({ type: 'custom', deletedBy: { username: 'owner' } });
      const manager = await signedIn(server, 'manager');
      const theirs = await manager.client.reports.deletedReports(LA);
      expect(theirs.marked.find((m) => m.title === 'Customer visits')).toBeUndefined();
      expect(theirs.history.every((h) => h.deletedBy.username === 'manager')).toBe(true);
    });
  });

  describe('pivot reports', () => {
    it('adds, lists, updates and copies one; a bad configuration is refused', async () => {
      const { client } = await signedIn(server, 'owner');
      const created = await client.reports.createPivot(LA, { title: 'Staff × month', configuration: pivotConfig, category_name: 'Staff pivots' });
      expect(created).toMatchObject({ title: 'Staff × month', type: 'new', category_name: 'Staff pivots', configuration: pivotConfig, deleted_at: null });
      expect(titles(await client.reports.listPivot(LA))).toContain('Staff × month');
      expect(await client.reports.getPivot(LA, created.id)).toEqual(created);
      const updated = await client.reports.updatePivot(LA, { id: created.id, configuration: { ...pivotConfig, subtotals: false } });
      expect(updated.configuration.subtotals).toBe(false);
      const copy = await client.reports.duplicatePivot(LA, created.id);
      expect(copy).toMatchObject({ title: 'Staff × month (copy)', category_name: 'Staff pivots' });

      const before = await count('pivot_reports');
      await expect(client.reports.createPivot(LA, { title: 'Empty', configuration: { ...pivotConfig, values: [] } })).rejects.toMatchObject({ status: 400 });
      await expect(client.reports.createPivot(LA, { title: 'Wide', configuration: { ...pivotConfig, rows: ['a', 'b', 'c', 'd'], columns: ['e', 'f', 'g'] } })).rejects.toMatchObject({ status: 400 });
      await expect(client.reports.createPivot(LA, { title: 'Nowhere', configuration: { ...pivotConfig, source: { kind: 'function', name: 'no_such_report' } } })).rejects.toMatchObject({ status: 400, message: reportFunctionUnknown('no_such_report') });
      await expect(client.reports.updatePivot(LA, { id: created.id })).rejects.toMatchObject({ status: 400 });
      await expect(client.reports.updatePivot(NY, { id: created.id, title: 'x' })).rejects.toMatchObject({ status: 404 });
      await expect(client.reports.getPivot(NY, created.id)).rejects.toMatchObject({ status: 404 });
      expect(await count('pivot_reports')).toBe(before);

      await client.reports.deleteReport(LA, { report_id: copy.id, type: 'pivot', action: 'mark' });
      expect((await client.reports.listPivot(LA)).map((p) => p.id)).not.toContain(copy.id);
      expect((await client.reports.deletedReports(LA)).marked.some((m) => m.report_id === copy.id && m.type === 'pivot')).toBe(true);
    });
  });

  describe('the gallery', () => {
    it('offers other businesses’ public reports, copied in with their category matched by name', async () => {
      const owner = await signedIn(server, 'owner');
      const gallery = await owner.client.reports.gallery(LA);
      const shared = gallery.find((g) => g.title === 'Customer visits by month');
      expect(shared).toMatchObject({ type: 'custom', business_name: 'Lotus Kathmandu', report_type: 'procedure', category_name: 'Clients & prepaid' });
      if (!shared) throw new Error('not shared');
      const copy = await owner.client.reports.duplicateCustom(LA, shared.id, { title: 'Visits by month' });
      expect(copy).toMatchObject({ business_id: LA, title: 'Visits by month', category_name: 'Clients & prepaid', public: false, name: 'customer_visits' });
      // Not in its own business's gallery.
      const lotus = await signedIn(server, 'lotus');
      expect((await lotus.client.reports.gallery(KATHMANDU)).some((g) => g.id === shared.id && g.type === 'custom')).toBe(false);
    });

    it('shares a report with makepublic and stops sharing it when it is marked for deletion', async () => {
      const owner = await signedIn(server, 'owner');
      const pivot = await owner.client.reports.createPivot(LA, { title: 'Shared pivot', configuration: pivotConfig });
      expect(await owner.client.reports.makePublic(LA, { report_id: pivot.id, type: 'pivot', public: true })).toEqual({ report_id: pivot.id, type: 'pivot', public: true });
      const lotus = await signedIn(server, 'lotus');
      expect((await lotus.client.reports.gallery(KATHMANDU)).find((g) => g.type === 'pivot' && g.id === pivot.id)).toMatchObject({ business_name: 'Luxe Los Angeles' });
      const copied = await lotus.client.reports.duplicatePivot(KATHMANDU, pivot.id);
      expect(copied).toMatchObject({ business_id: KATHMANDU, title: 'Shared pivot (copy)', public: false });
      await owner.client.reports.deleteReport(LA, { report_id: pivot.id, type: 'pivot', action: 'mark' });
      expect((await lotus.client.reports.gallery(KATHMANDU)).some((g) => g.type === 'pivot' && g.id === pivot.id)).toBe(false);
      await expect(lotus.client.reports.duplicatePivot(KATHMANDU, pivot.id)).rejects.toMatchObject({ status: 404 });
    });
  });
});
