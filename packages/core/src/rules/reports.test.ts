import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { categoryExists, MESSAGES } from '../messages';
import { ROLE, UNRESTRICTED } from '../models/user';
import { can } from './acl';
import { categoryNameArb, deletedAtArb, deletionActionArb, reportOwnershipArb, reportViewerArb, sameNameArb } from './reports.arb';
import {
  applyDeletion,
  canChangeReport,
  canSeeCustomReport,
  canSeePivotReport,
  categoryNameKey,
  copyTitle,
  customReportProblems,
  customReportScope,
  DELETION_ACTIONS,
  DELETION_STATES,
  DELETION_TRANSITIONS,
  deletionCan,
  deletionRefusal,
  deletionState,
  duplicateCategoryMessage,
  findDuplicateCategory,
  groupByCategory,
  offeredReportSlugs,
  REPORT_SLUGS,
  reportSlug,
} from './reports';

const now = new Date('2025-03-04T05:06:07.000Z');

describe('deletion states (spec 000 §4)', () => {
  it('reads deleted_at: null → restored, absent → deleted for good, a value → marked', () => {
    expect(deletionState({ deleted_at: null })).toBe('restored');
    expect(deletionState({})).toBe('deleted');
    expect(deletionState({ deleted_at: '2025-01-01T00:00:00.000Z' })).toBe('marked');
  });

  test.prop([deletedAtArb])('gives every report exactly one of the three states', (report) => {
    const state = deletionState(report);
    expect(DELETION_STATES).toContain(state);
    expect(state === 'deleted').toBe(!('deleted_at' in report));
    expect(state === 'restored').toBe(report.deleted_at === null);
  });

  test.prop([deletedAtArb, deletionActionArb])('an allowed action leads to its state; a refused one says why and is refused by applyDeletion', (report, action) => {
    const state = deletionState(report);
    if (deletionCan[action](state)) {
      expect(deletionRefusal(state, action)).toBeNull();
      const after = applyDeletion(report, action, now);
      expect(deletionState(after)).toBe(DELETION_TRANSITIONS[action].to);
      if (action === 'mark') expect(after.deleted_at).toBe(now.toISOString());
    } else {
      expect(deletionRefusal(state, action)).toEqual(expect.any(String));
      expect(() => applyDeletion(report, action, now)).toThrow(deletionRefusal(state, action) as string);
    }
  });

  test.prop([fc.array(deletionActionArb, { maxLength: 8 })])('nothing leaves "deleted for good", and restore undoes mark', (actions) => {
    let report: { deleted_at?: string | null } = { deleted_at: null };
    for (const action of actions) {
      const before = deletionState(report);
      if (!deletionCan[action](before)) continue;
      report = applyDeletion(report, action, now);
    }
    if (deletionState(report) === 'deleted') {
      for (const action of DELETION_ACTIONS) expect(deletionCan[action]('deleted')).toBe(false);
    }
    const marked = applyDeletion({ deleted_at: null }, 'mark', now);
    expect(applyDeletion(marked, 'restore', now)).toEqual({ deleted_at: null });
  });

  it('deletes for good only a report marked first, with messages that say which state it is in', () => {
    expect(deletionCan.delete.states).toEqual(['marked']);
    expect(deletionRefusal('restored', 'delete')).toBe(MESSAGES.reportNotMarked);
    expect(deletionRefusal('marked', 'mark')).toBe(MESSAGES.reportAlreadyMarked);
    expect(deletionRefusal('deleted', 'restore')).toBe(MESSAGES.reportDeletedForGood);
  });
});

describe('category names (spec 000 §5)', () => {
  test.prop([categoryNameArb.chain((name) => fc.tuple(fc.constant(name), sameNameArb(name)))])('a name in another case or spacing is the same category', ([name, other]) => {
    expect(categoryNameKey(other)).toBe(categoryNameKey(name));
    const existing = [{ id: 1, category_name: name }];
    expect(findDuplicateCategory(existing, other)).toBe(existing[0]);
    expect(findDuplicateCategory(existing, other, 1)).toBeUndefined();
  });

  test.prop([fc.uniqueArray(categoryNameArb, { selector: categoryNameKey, maxLength: 6 }), categoryNameArb])('refuses exactly the names whose key is taken, naming the category already there', (names, name) => {
    const existing = names.map((category_name, i) => ({ id: i + 1, category_name }));
    const found = findDuplicateCategory(existing, name);
    expect(found !== undefined).toBe(names.some((n) => categoryNameKey(n) === categoryNameKey(name)));
    if (found) expect(duplicateCategoryMessage(found)).toBe(categoryExists(found.category_name));
  });

  it('words the refusal as the spec does', () => {
    expect(duplicateCategoryMessage({ category_name: 'Sales Reports' })).toBe('Category Sales Reports already exists');
    expect(categoryNameKey('  Sales   REPORTS ')).toBe(categoryNameKey('salesreports'));
    expect(categoryNameKey('Sales')).not.toBe(categoryNameKey('Sale s2'));
  });
});

describe('custom report visibility (spec 000 §6)', () => {
  test.prop([reportViewerArb, reportOwnershipArb])('unrestricted users see all; others the ids of acl.custom, legacy ids and their own; without the right none', (user, report) => {
    const unrestricted = user.role === ROLE.ADMIN || user.acl.blocks.includes(UNRESTRICTED);
    const right = can(user.acl, 'reporting.customreport');
    const listed = user.acl.custom.includes(report.id) || (report.legacy_id != null && user.acl.custom.includes(report.legacy_id)) || report.created_by === user.id;
    expect(canSeeCustomReport(user, report)).toBe(unrestricted || (right && listed));
  });

  test.prop([reportViewerArb, reportOwnershipArb])('a pivot is seen by unrestricted users and its creator (acl.custom names custom reports)', (user, report) => {
    const unrestricted = user.role === ROLE.ADMIN || user.acl.blocks.includes(UNRESTRICTED);
    expect(canSeePivotReport(user, report)).toBe(unrestricted || (can(user.acl, 'reporting.customreport') && report.created_by === user.id));
  });

  test.prop([reportViewerArb, reportOwnershipArb])('whoever may change a report sees it', (user, report) => {
    if (canChangeReport(user, report)) expect(canSeeCustomReport(user, report)).toBe(true);
  });

  it('scopes users as the server filters them', () => {
    const acl = { blocks: ['reporting'], units: { reporting: ['customreport'] }, restrictions: [], multiLocation: false, custom: [3, 40] };
    expect(customReportScope({ id: 2, role: ROLE.MANAGER, acl })).toEqual({ kind: 'listed', ids: [3, 40], userId: 2 });
    expect(customReportScope({ id: 2, role: ROLE.STAFF, acl: { ...acl, units: {} } })).toEqual({ kind: 'none' });
    expect(customReportScope({ id: 1, role: ROLE.ADMIN, acl: { ...acl, blocks: [] } })).toEqual({ kind: 'all' });
  });
});

describe('report definitions', () => {
  const base = { type: 'function' as const, name: 'sales_by_staff', params: [], columns: [], add_columns_before: [] };
  it('asks a function report for an identifier and an embed report for its Metabase question', () => {
    expect(customReportProblems(base)).toEqual([]);
    expect(customReportProblems({ ...base, name: 'Sales by staff' })).toEqual([{ path: ['name'], message: MESSAGES.reportFunctionName }]);
    expect(customReportProblems({ ...base, type: 'embed', name: 'Sales by staff', metabase_id: null })).toEqual([{ path: ['metabase_id'], message: MESSAGES.reportMetabaseIdRequired }]);
    expect(customReportProblems({ ...base, type: 'embed', name: 'Sales by staff', metabase_id: 4 })).toEqual([]);
  });
  it('refuses a parameter id or a column key given twice, pointing at the second', () => {
    const param = { id: 'start', type: 'date' as const, target: 'start_day', config: { valueType: 'static' as const } };
    const problems = customReportProblems({ ...base, params: [param, { ...param, target: 'end_day' }], columns: [{ key: 'a', label: 'A', format: 'text' }, { key: 'a', label: 'B', format: 'text' }] });
    expect(problems).toEqual([
      { path: ['params', 1, 'id'], message: MESSAGES.reportParameterTwice },
      { path: ['columns', 1, 'key'], message: MESSAGES.reportColumnTwice },
    ]);
  });
  test.prop([fc.string({ maxLength: 200 }), fc.integer({ min: 10, max: 200 })])('a copy title fits and says it is a copy', (title, max) => {
    fc.pre(title.length <= max);
    const copy = copyTitle(title, max);
    expect(copy.length).toBeLessThanOrEqual(max);
    expect(copy.endsWith(' (copy)')).toBe(true);
  });
});

describe('report slugs (spec 000 §2)', () => {
  it('has every slug of the spec once, of its kind', () => {
    expect(REPORT_SLUGS.filter((s) => s.kind === 'daily').map((s) => s.slug)).toEqual(['sales', 'aggregate-sales', 'shift-reports', 'timesheets', 'webpayments']);
    expect(REPORT_SLUGS.filter((s) => s.kind === 'period').map((s) => s.slug)).toEqual(['prepaidbalance', 'staffsales/byvisit']);
    expect(REPORT_SLUGS.filter((s) => s.kind === 'billing').map((s) => s.slug)).toEqual(['billingv2']);
    expect(new Set(REPORT_SLUGS.map((s) => s.path)).size).toBe(REPORT_SLUGS.length);
    expect(reportSlug('staffsales/byvisit')?.title).toBe('Staff sales by visit');
  });
  test.prop([fc.boolean(), fc.subarray(REPORT_SLUGS.map((s) => s.slug))])('a location offers the reports its settings name, none when they are off (billing stays)', (enabled, reports) => {
    const offered = offeredReportSlugs({ enabled, reports }).map((s) => s.slug);
    for (const entry of REPORT_SLUGS) {
      expect(offered.includes(entry.slug)).toBe(entry.kind === 'billing' || (enabled && reports.includes(entry.slug)));
    }
  });
});

describe('grouping reports by category', () => {
  const categoryArb = fc.uniqueArray(fc.constantFrom('Sales', 'Staff', 'Clients', 'Prepaid'), { maxLength: 4 });
  const reportArb = fc.array(fc.record({ id: fc.integer(), category_name: fc.option(fc.constantFrom('Sales', 'sales', 'Staff', 'Other')) }), { maxLength: 12 });
  test.prop([categoryArb, reportArb])('puts every report in exactly one group, by its category (case aside), uncategorised last', (names, reports) => {
    const categories = names.map((category_name, i) => ({ id: i + 1, category_name }));
    const groups = groupByCategory(reports, categories);
    expect(groups.flatMap((g) => g.reports)).toHaveLength(reports.length);
    for (const group of groups) {
      expect(group.reports.length).toBeGreaterThan(0);
      for (const r of group.reports) {
        if (group.category) expect(categoryNameKey(r.category_name ?? '')).toBe(categoryNameKey(group.category.category_name));
        else expect(r.category_name === null || !names.some((n) => categoryNameKey(n) === categoryNameKey(r.category_name ?? ''))).toBe(true);
      }
    }
    const order = groups.filter((g) => g.category).map((g) => (names as string[]).indexOf(g.category?.category_name ?? ''));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const uncategorised = groups.findIndex((g) => g.category === null);
    if (uncategorised >= 0) expect(uncategorised).toBe(groups.length - 1);
  });
});
