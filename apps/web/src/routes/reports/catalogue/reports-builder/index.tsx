import {
  canMakeGenericReport,
  CUSTOM_REPORT_TYPE_LABEL,
  CUSTOM_REPORT_TYPES,
  type CustomReport,
  isApiError,
  MESSAGES,
  newCustomReport,
  problemsByField,
  REPORT_COLUMN_FORMAT_LABEL,
  REPORT_COLUMN_FORMATS,
  REPORT_COLUMNS_MAX,
  REPORT_LAYOUT_LABEL,
  REPORT_LAYOUTS,
  REPORT_LEVEL_LABEL,
  REPORT_LEVELS,
  REPORT_PARAMETER_TYPE_LABEL,
  REPORT_PARAMETER_TYPES,
  REPORT_PARAMETER_VALUE_TYPE_LABEL,
  REPORT_PARAMETER_VALUE_TYPES,
  REPORT_PARAMETERS_MAX,
  type User,
  REPORT_FUNCTIONS,
  type ReportFunctionName,
} from '@salondesk/core';
import { useCustomReport, useReportCategories, useReportMutation, useSession } from '@salondesk/react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { toasts } from '../../../../app/toasts';
import { useErrorToast } from '../../../../app/useErrorToast';
import { useUnsavedChangesGuard } from '../../../../app/useUnsavedChanges';
import { Button } from '../../../../ui/Button';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { type RecordField, RecordListEditor } from '../../../../ui/RecordListEditor';
import { SelectField } from '../../../../ui/SelectField';
import { Skeleton } from '../../../../ui/Skeleton';
import { TextAreaField } from '../../../../ui/TextAreaField';
import { TextField } from '../../../../ui/TextField';
import { Toggle } from '../../../../ui/Toggle';
import { reportPaths } from '../paths';
import { useBusinessId } from '../../../../app/useBusinessId';

/** The report functions to pick from, by title (the name beside it); a saved report's unknown name stays pickable. */
function functionOptions(current: string) {
  const known = Object.values(REPORT_FUNCTIONS).map((f) => ({ value: f.name, label: `${f.title} (${f.name})` }));
  return [
    { value: '', label: 'Choose a function…' },
    ...known,
    ...(current !== '' && !known.some((o) => o.value === current) ? [{ value: current, label: `${current} (not a known function)` }] : []),
  ];
}
import { CatalogueHeader } from '../reportActions';
import { type ColumnRow, emptyForm, formFromReport, newColumnRow, newParamRow, type ParamRow, type ReportForm, requestFromForm, rowProblems } from './reportForm';

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));

const paramFields: RecordField<ParamRow>[] = [
  { key: 'id', label: 'Id', kind: 'text', monospace: true, placeholder: 'start_day' },
  { key: 'label', label: 'Label', kind: 'text', placeholder: 'From' },
  { key: 'type', label: 'Type', kind: 'select', options: options(REPORT_PARAMETER_TYPES, REPORT_PARAMETER_TYPE_LABEL) },
  { key: 'target', label: 'Fills argument', kind: 'text', monospace: true, placeholder: 'same as id' },
  { key: 'valueType', label: 'Default from', kind: 'select', options: options(REPORT_PARAMETER_VALUE_TYPES, REPORT_PARAMETER_VALUE_TYPE_LABEL) },
  { key: 'value', label: 'Default', kind: 'text', wide: true, placeholder: 'start-of-month, 10, paid, unpaid' },
  { key: 'required', label: 'Required', kind: 'checkbox' },
];

const columnFields: RecordField<ColumnRow>[] = [
  { key: 'key', label: 'Key', kind: 'text', monospace: true, placeholder: 'gross_sales' },
  { key: 'label', label: 'Label', kind: 'text', wide: true, placeholder: 'Gross sales' },
  { key: 'format', label: 'Format', kind: 'select', options: options(REPORT_COLUMN_FORMATS, REPORT_COLUMN_FORMAT_LABEL) },
];

/**
 * `/{businessId}/reports/catalogue/custom/new` and `…/custom/{id}/edit`: the report builder for
 * custom reports — what it is called and filed under, what it runs (a report function, or a
 * Metabase question for an embed), its parameters and its columns. Checked with the request's
 * own schema before sending; leaving with unsaved changes asks first.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const reportId = params.reportId ? Number(params.reportId) : 0;
  const user = useSession().session?.user;
  const report = useCustomReport(businessId, reportId);
  // 'Failed to fetch custom report settings' (spec 000 §8), beside the inline state.
  useErrorToast(report.error);

  if (!user) return null;
  if (reportId > 0 && report.isError) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <LoadError error={report.error} fallback={MESSAGES.failedToFetchCustomReportSettings} onRetry={() => void report.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (reportId > 0 && !report.data) {
    return (
      <LoadingRegion label="Loading the report" className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <Skeleton className="h-96 w-full" />
      </LoadingRegion>
    );
  }
  return <BuilderForm key={report.data?.id ?? 'new'} businessId={businessId} user={user} report={report.data} />;
}

function BuilderForm({ businessId, user, report }: { businessId: number; user: User; report: CustomReport | undefined }) {
  const navigate = useNavigate();
  const categories = useReportCategories(businessId, 'proc');
  const [saved, setSaved] = useState<ReportForm>(() => (report ? formFromReport(report) : emptyForm));
  const [form, setForm] = useState<ReportForm>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<readonly { path: readonly PropertyKey[]; message: string }[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(dirty);
  const save = useReportMutation(businessId, (reports, body: ReturnType<typeof requestFromForm>) =>
    report ? reports.updateCustom(businessId, report.id, body) : reports.createCustom(businessId, body),
  );

  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: '' }));
  };
  const showProblems = (found: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    setErrors(problemsByField(found));
    setIssues(found);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = requestFromForm(form);
    const checked = newCustomReport.safeParse(body);
    if (!checked.success) return showProblems(checked.error.issues);
    setErrors({});
    setIssues([]);
    save.mutate(body, {
      onSuccess: () => {
        toasts.success(report ? MESSAGES.reportUpdated : MESSAGES.successfullyAdded);
        setSaved(form);
        void navigate(reportPaths.home(businessId));
      },
      onError: (error) => {
        if (isApiError(error) && error.issues.length > 0) showProblems(error.issues);
        toasts.error(error.message);
      },
    });
  };

  const embed = form.type === 'embed';
  const categoryOptions = [{ value: '', label: 'No category' }, ...(categories.data ?? []).map((c) => ({ value: c.category_name, label: c.category_name }))];
  if (form.category_name !== '' && !categoryOptions.some((o) => o.value === form.category_name)) categoryOptions.push({ value: form.category_name, label: form.category_name });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <CatalogueHeader
        businessId={businessId}
        title={report ? `Edit ${report.title}` : 'New custom report'}
        description="A report runs a function of the reports schema with its parameters, or shows a Metabase question."
      />
      <form ref={formRef} onSubmit={submit} noValidate className="mt-6 space-y-8">
        <section aria-labelledby="about" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
          <h2 id="about" className="text-base font-semibold text-slate-900 sm:col-span-2">
            About the report
          </h2>
          <TextField className="sm:col-span-2" label="Title" value={form.title} onChange={(e) => set('title', e.target.value)} error={errors.title} required autoFocus />
          <TextAreaField className="sm:col-span-2" label="Description" value={form.description} onChange={(e) => set('description', e.target.value)} error={errors.description} rows={2} />
          <SelectField label="Category" value={form.category_name} onChange={(e) => set('category_name', e.target.value)} options={categoryOptions} error={errors.category_name} hint="Categories of custom reports; owners manage them." />
          <SelectField label="Type" value={form.type} onChange={(e) => set('type', e.target.value as ReportForm['type'])} options={options(CUSTOM_REPORT_TYPES, CUSTOM_REPORT_TYPE_LABEL)} error={errors.type} />
          <SelectField label="Covers" value={form.report_level} onChange={(e) => set('report_level', e.target.value as ReportForm['report_level'])} options={options(REPORT_LEVELS, REPORT_LEVEL_LABEL)} error={errors.report_level} />
          <SelectField label="Layout" value={form.report_layout} onChange={(e) => set('report_layout', e.target.value as ReportForm['report_layout'])} options={options(REPORT_LAYOUTS, REPORT_LAYOUT_LABEL)} error={errors.report_layout} />
        </section>

        <section aria-labelledby="runs" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
          <h2 id="runs" className="text-base font-semibold text-slate-900 sm:col-span-2">
            What it runs
          </h2>
          {embed ? (
            <TextField label="Embed name" value={form.name} onChange={(e) => set('name', e.target.value)} error={errors.name} required hint="How the embedded question is known." />
          ) : (
            <SelectField
              label="Function"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              options={functionOptions(form.name)}
              error={errors.name}
              required
              className="sm:col-span-2"
              hint={REPORT_FUNCTIONS[form.name as ReportFunctionName]?.description ?? 'A function of the reports schema: what the report reads.'}
            />
          )}
          {embed ? (
            <TextField label="Metabase question" inputMode="numeric" value={form.metabase_id} onChange={(e) => set('metabase_id', e.target.value)} error={errors.metabase_id} required hint="The question's number in Metabase." />
          ) : null}
          <TextField label="Legacy id" inputMode="numeric" value={form.legacy_id} onChange={(e) => set('legacy_id', e.target.value)} error={errors.legacy_id} hint="The id an older system knew it by; users given that id may run it." />
          {canMakeGenericReport(user) ? (
            <div className="flex items-end">
              <Toggle label="Offer to every location" checked={form.generic} onChange={(on) => set('generic', on)} />
            </div>
          ) : null}
        </section>

        {!embed ? (
          <section aria-label="Parameters" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <RecordListEditor
              label="Parameters"
              items={form.params}
              onChange={(params) => set('params', params)}
              fields={paramFields}
              newItem={newParamRow}
              itemLabel={(n) => `Parameter ${n}`}
              addLabel="Add a parameter"
              problems={rowProblems(issues, 'params')}
              error={errors.params && !issues.some((i) => i.path[0] === 'params' && typeof i.path[1] === 'number') ? errors.params : null}
              hint="What a person picks before running it: each fills the function's argument of that name. Relative days: today, yesterday, start-of-week, start-of-month, end-of-month, start-of-last-month, end-of-last-month, start-of-year."
              maxItems={REPORT_PARAMETERS_MAX}
            />
          </section>
        ) : null}

        <section aria-label="Columns" className="space-y-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <ColumnsEditor label="Columns" itemName="Column" columns={form.columns} onChange={(columns) => set('columns', columns)} problems={rowProblems(issues, 'columns')} hint="How the result's columns are labelled and shown; none: as the function names them." />
          <ColumnsEditor
            label="Columns before"
            itemName="Column before"
            columns={form.add_columns_before}
            onChange={(columns) => set('add_columns_before', columns)}
            problems={rowProblems(issues, 'add_columns_before')}
            hint="Shown first, such as the location on a report that covers the network."
          />
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink variant="ghost" to={reportPaths.home(businessId)}>
            Cancel
          </ButtonLink>
          <Button type="submit" loading={save.isPending}>
            {report ? 'Save report' : 'Add report'}
          </Button>
        </div>
      </form>
      {guard}
    </div>
  );
}

function ColumnsEditor({ label, itemName, columns, onChange, problems, hint }: { label: string; itemName: string; columns: ColumnRow[]; onChange: (columns: ColumnRow[]) => void; problems: (Partial<Record<string, string>> | null)[]; hint: string }) {
  return (
    <RecordListEditor
      label={label}
      items={columns}
      onChange={onChange}
      fields={columnFields}
      newItem={newColumnRow}
      itemLabel={(n) => `${itemName} ${n}`}
      addLabel={`Add a ${itemName.toLowerCase()}`}
      problems={problems}
      hint={hint}
      maxItems={REPORT_COLUMNS_MAX}
    />
  );
}
