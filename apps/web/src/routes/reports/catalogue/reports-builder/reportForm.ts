import type { CustomReport, CustomReportType, NewCustomReport, ReportColumn, ReportColumnFormat, ReportLayout, ReportLevel, ReportParameter, ReportParameterType, ReportParameterValueType } from '@salondesk/core';

/**
 * The report builder's form as a person edits it (every field a string or a flag), and how it
 * becomes the request (`newCustomReport`) and comes back from a report. The request's own schema
 * checks it before sending; its issues come back to the fields and rows here.
 */

export type ParamRow = { id: string; label: string; type: ReportParameterType; target: string; required: boolean; valueType: ReportParameterValueType; value: string };
export type ColumnRow = { key: string; label: string; format: ReportColumnFormat };

export interface ReportForm {
  title: string;
  description: string;
  /** '' for none. */
  category_name: string;
  type: CustomReportType;
  report_level: ReportLevel;
  report_layout: ReportLayout;
  name: string;
  metabase_id: string;
  legacy_id: string;
  generic: boolean;
  params: ParamRow[];
  columns: ColumnRow[];
  add_columns_before: ColumnRow[];
  /** Kept as it is (edited by nobody here). */
  settings: unknown;
}

export const emptyForm: ReportForm = {
  title: '',
  description: '',
  category_name: '',
  type: 'function',
  report_level: 'business',
  report_layout: 'table',
  name: '',
  metabase_id: '',
  legacy_id: '',
  generic: false,
  params: [],
  columns: [],
  add_columns_before: [],
  settings: {},
};

export const newParamRow = (): ParamRow => ({ id: '', label: '', type: 'date', target: '', required: false, valueType: 'static', value: '' });
export const newColumnRow = (): ColumnRow => ({ key: '', label: '', format: 'text' });

/** A parameter's default as typed: a list of choices comma-separated, anything else as its text. */
const valueText = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
};

export const toParamRow = (p: ReportParameter): ParamRow => ({
  id: p.id,
  label: p.label ?? '',
  type: p.type,
  target: p.target,
  required: p.required ?? false,
  valueType: p.config.valueType,
  value: valueText(p.config.value),
});

/** The value a typed default stands for: choices become a list, a fixed number or yes/no their value. */
function typedValue(row: ParamRow): unknown {
  const text = row.value.trim();
  if (text === '') return undefined;
  if (row.valueType !== 'static') return text;
  if (row.type === 'choice') return text.split(',').map((choice) => choice.trim()).filter(Boolean);
  if (row.type === 'number' && Number.isFinite(Number(text))) return Number(text);
  if (row.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export function fromParamRow(row: ParamRow): ReportParameter {
  const value = typedValue(row);
  return {
    id: row.id.trim(),
    ...(row.label.trim() ? { label: row.label.trim() } : {}),
    type: row.type,
    target: row.target.trim() || row.id.trim(),
    ...(row.required ? { required: true } : {}),
    config: { valueType: row.valueType, ...(value === undefined ? {} : { value }) },
  };
}

const fromColumnRow = (row: ColumnRow): ReportColumn => ({ key: row.key.trim(), label: row.label.trim(), format: row.format });

/** A whole number typed in a field, or null when empty (what is not a number stays as typed, for the schema to refuse). */
const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : (Number(text.trim()) as number));

export function formFromReport(report: CustomReport): ReportForm {
  return {
    title: report.title,
    description: report.description,
    category_name: report.category_name ?? '',
    type: report.type,
    report_level: report.report_level,
    report_layout: report.report_layout,
    name: report.name,
    metabase_id: report.metabase_id === null ? '' : String(report.metabase_id),
    legacy_id: report.legacy_id === null ? '' : String(report.legacy_id),
    generic: report.generic,
    params: report.params.map(toParamRow),
    columns: report.columns.map((c) => ({ ...c })),
    add_columns_before: report.add_columns_before.map((c) => ({ ...c })),
    settings: report.settings ?? {},
  };
}

export function requestFromForm(form: ReportForm): NewCustomReport {
  return {
    title: form.title,
    description: form.description,
    category_name: form.category_name === '' ? null : form.category_name,
    type: form.type,
    report_level: form.report_level,
    report_layout: form.report_layout,
    name: form.name,
    metabase_id: form.type === 'embed' ? optionalNumber(form.metabase_id) : null,
    legacy_id: optionalNumber(form.legacy_id),
    generic: form.generic,
    params: form.params.map(fromParamRow),
    columns: form.columns.map(fromColumnRow),
    add_columns_before: form.add_columns_before.map(fromColumnRow),
    settings: form.settings ?? {},
  };
}

/**
 * The problems of one list's rows, by row and field, from issues with paths like
 * `['params', 1, 'config', 'value']` (a parameter's `config.valueType` and `config.value` are its
 * row's `valueType` and `value` fields).
 */
export function rowProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[], list: string): (Partial<Record<string, string>> | null)[] {
  const rows: (Partial<Record<string, string>> | null)[] = [];
  for (const issue of issues) {
    const [head, index, field, sub] = issue.path;
    if (head !== list || typeof index !== 'number') continue;
    const key = field === 'config' ? String(sub ?? 'value') : String(field ?? '');
    const row = (rows[index] ??= {});
    if (row[key] === undefined) row[key] = issue.message;
  }
  return Array.from(rows, (row) => row ?? null);
}
