import { newCustomReport, type ReportParameter } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { emptyForm, formFromReport, fromParamRow, requestFromForm, rowProblems, toParamRow } from './reportForm';

describe('the report builder form', () => {
  it('turns typed defaults into values: choices a list, a fixed number and yes/no their value', () => {
    const row = { id: 'status', label: 'Status', type: 'choice' as const, target: '', required: true, valueType: 'static' as const, value: 'paid, unpaid ,' };
    expect(fromParamRow(row)).toEqual({ id: 'status', label: 'Status', type: 'choice', target: 'status', required: true, config: { valueType: 'static', value: ['paid', 'unpaid'] } });
    expect(fromParamRow({ ...row, type: 'number', value: '3' }).config.value).toBe(3);
    expect(fromParamRow({ ...row, type: 'boolean', value: 'false' }).config.value).toBe(false);
    expect(fromParamRow({ ...row, valueType: 'relative', type: 'date', value: 'start-of-month' }).config.value).toBe('start-of-month');
    expect('value' in fromParamRow({ ...row, value: '  ' }).config).toBe(false);
  });

  it('gives back the parameters it was given', () => {
    const params: ReportParameter[] = [
      { id: 'start_day', label: 'From', type: 'date', target: 'start_day', required: true, config: { valueType: 'relative', value: 'start-of-month' } },
      { id: 'min_visits', type: 'number', target: 'min_visits', config: { valueType: 'static', value: 2 } },
      { id: 'kinds', type: 'choice', target: 'kinds', config: { valueType: 'static', value: ['a', 'b'] } },
    ];
    expect(params.map(toParamRow).map(fromParamRow)).toEqual(params);
  });

  it('is checked by the request schema, with problems sent back to their rows', () => {
    const form = { ...emptyForm, title: 'Tips', name: 'tips by staff', params: [toParamRow({ id: 'a', type: 'date', target: 'a', config: { valueType: 'static' } }), toParamRow({ id: 'a', type: 'date', target: 'b', config: { valueType: 'static' } })] };
    const checked = newCustomReport.safeParse(requestFromForm(form));
    expect(checked.success).toBe(false);
    const issues = checked.error?.issues ?? [];
    expect(issues.some((i) => i.path[0] === 'name')).toBe(true);
    expect(rowProblems(issues, 'params')).toEqual([null, { id: 'Two parameters have this id.' }]);
    expect(rowProblems([{ path: ['params', 0, 'config', 'valueType'], message: 'Pick one' }], 'params')).toEqual([{ valueType: 'Pick one' }]);
  });

  it('round-trips a report, and asks an embed for its Metabase question', () => {
    const report = {
      id: 4, business_id: 1, title: 'Revenue', description: '', category_name: 'Sales', type: 'embed' as const, report_level: 'business' as const, report_layout: 'chart' as const,
      add_columns_before: [], generic: false, name: 'Revenue overview', params: [], settings: { height: 400 }, columns: [], legacy_id: 7001, created_by: 2, deleted_at: null, metabase_id: 12, public: false, updated_at: '2026-01-01T00:00:00.000Z',
    };
    const body = requestFromForm(formFromReport(report));
    expect(body).toMatchObject({ title: 'Revenue', category_name: 'Sales', metabase_id: 12, legacy_id: 7001, settings: { height: 400 } });
    expect(newCustomReport.safeParse(body).success).toBe(true);
    const missing = newCustomReport.safeParse(requestFromForm({ ...formFromReport(report), metabase_id: '' }));
    expect(missing.error?.issues.map((i) => i.path[0])).toEqual(['metabase_id']);
  });
});
