import {
  type DataSource,
  type DataSourceInput,
  dataSourceInput,
  isAdmin,
  isApiError,
  MESSAGES,
  problemsByField,
  REPORT_COLUMN_FORMATS,
  REPORT_PARAMETER_TYPES,
  REPORT_PARAMETER_VALUE_TYPES,
  REPORT_PARAMETERS_MAX,
  REPORT_COLUMNS_MAX,
  type ReportResult,
} from '@salondesk/core';
import { useAddDataSource, useDataSources, useSession, useTestDataSource, useUpdateDataSource } from '@salondesk/react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { toasts } from '../../../../app/toasts';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { useUnsavedChangesGuard } from '../../../../app/useUnsavedChanges';
import { Button } from '../../../../ui/Button';
import { DataTable } from '../../../../ui/DataTable';
import { EmptyState } from '../../../../ui/EmptyState';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { PageHeader } from '../../../../ui/PageHeader';
import { type RecordField, RecordListEditor } from '../../../../ui/RecordListEditor';
import { Skeleton } from '../../../../ui/Skeleton';
import { TextAreaField } from '../../../../ui/TextAreaField';
import { TextField } from '../../../../ui/TextField';
import { Toggle } from '../../../../ui/Toggle';
import { type ColumnRow, fromParamRow, newColumnRow, newParamRow, type ParamRow, rowProblems, toParamRow } from '../../catalogue/reports-builder/reportForm';
import { enginePaths } from '../paths';
import { resultColumns } from '../resultColumns';
import { useBusinessId } from '../../../../app/useBusinessId';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const paramFields: RecordField<ParamRow>[] = [
  { key: 'id', label: 'Id', kind: 'text', monospace: true, placeholder: 'start' },
  { key: 'label', label: 'Label', kind: 'text', placeholder: 'From' },
  { key: 'type', label: 'Type', kind: 'select', options: options(REPORT_PARAMETER_TYPES) },
  { key: 'target', label: 'Fills :target', kind: 'text', monospace: true, placeholder: 'same as id' },
  { key: 'valueType', label: 'Default from', kind: 'select', options: options(REPORT_PARAMETER_VALUE_TYPES) },
  { key: 'value', label: 'Default', kind: 'text', wide: true, placeholder: 'start-of-month, 10, select id, name from businesses' },
  { key: 'required', label: 'Required', kind: 'checkbox' },
];
const columnFields: RecordField<ColumnRow>[] = [
  { key: 'key', label: 'Key', kind: 'text', monospace: true, placeholder: 'gross_sales' },
  { key: 'label', label: 'Label', kind: 'text', wide: true, placeholder: 'Gross sales' },
  { key: 'format', label: 'Format', kind: 'select', options: options(REPORT_COLUMN_FORMATS) },
];

interface Form {
  name: string;
  description: string;
  sql: string;
  everywhere: boolean;
  parameters: ParamRow[];
  columns: ColumnRow[];
}

const emptyForm: Form = { name: '', description: '', sql: 'select day, net\nfrom sales_daily\nwhere day between :start and :end\norder by day', everywhere: false, parameters: [], columns: [] };
const formOf = (d: DataSource): Form => ({
  name: d.name,
  description: d.description,
  sql: d.sql,
  everywhere: d.business_id === null,
  parameters: d.settings.parameters.map(toParamRow),
  columns: (d.settings.columns ?? []).map((c) => ({ ...c })),
});
const requestOf = (f: Form): DataSourceInput => ({
  name: f.name,
  description: f.description,
  sql: f.sql,
  everywhere: f.everywhere,
  settings: {
    parameters: f.parameters.map(fromParamRow),
    ...(f.columns.length > 0 ? { columns: f.columns.map((c) => ({ key: c.key.trim(), label: c.label.trim(), format: c.format })) } : {}),
  },
});

/**
 * `/{businessId}/reports/datasources/new` and `…/{id}/edit` (admins): a data source's name, its
 * SELECT over the reporting views with `:target` placeholders, the parameters that fill them and,
 * optionally, how its columns are labelled. "Try it" runs it as it stands (the server checks it as
 * a save would: one read-only SELECT that reads only the reporting views, every placeholder
 * declared) and shows the first rows; leaving with unsaved changes asks first.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const id = params.dataSourceId ? Number(params.dataSourceId) : 0;
  const user = useSession().session?.user;
  const list = useDataSources(businessId);

  if (user && !isAdmin(user)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState title="Only platform admins write data sources" description="You can run the data sources offered here." headingLevel={1} />
      </div>
    );
  }
  if (id > 0 && list.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (id > 0 && !list.data) {
    return (
      <LoadingRegion label="Loading the data source" className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <Skeleton className="h-96 w-full" />
      </LoadingRegion>
    );
  }
  const existing = id > 0 ? list.data?.find((d) => d.id === id) : undefined;
  if (id > 0 && !existing) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState title="This data source was not found" headingLevel={1} />
      </div>
    );
  }
  return <Editor key={existing?.id ?? 'new'} businessId={businessId} existing={existing} />;
}

function Editor({ businessId, existing }: { businessId: number; existing: DataSource | undefined }) {
  const navigate = useNavigate();
  const display = useBusinessDisplay(businessId);
  const [saved, setSaved] = useState<Form>(() => (existing ? formOf(existing) : emptyForm));
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<readonly { path: readonly PropertyKey[]; message: string }[]>([]);
  const [preview, setPreview] = useState<ReportResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useUnsavedChangesGuard(JSON.stringify(form) !== JSON.stringify(saved));
  const add = useAddDataSource(businessId);
  const update = useUpdateDataSource(businessId);
  const test = useTestDataSource(businessId);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: '' }));
  };
  // Problems come as paths of the request (`settings.parameters.2.id`) or, from the server's
  // checks, by parameter id (`settings.parameters.start`): both land on their row.
  const showProblems = (found: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const mapped = found.map((issue) => {
      if (issue.path[0] !== 'settings') return issue;
      const [, list, which, ...rest] = issue.path;
      const index = typeof which === 'number' ? which : form.parameters.findIndex((p) => p.id === which || p.target === which);
      // A placeholder no parameter declares is a problem of the SQL.
      if (index < 0) return { ...issue, path: ['sql'] };
      return { ...issue, path: [list === 'columns' ? 'columns' : 'parameters', index, ...(rest.length > 0 ? rest : ['id'])] };
    });
    setErrors(problemsByField(mapped));
    setIssues(mapped);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const checked = () => {
    const body = requestOf(form);
    const result = dataSourceInput.safeParse(body);
    if (!result.success) {
      showProblems(result.error.issues);
      return null;
    }
    setErrors({});
    setIssues([]);
    return body;
  };
  const onServerError = (error: Error, fallback: string) => {
    if (isApiError(error) && error.issues.length > 0) showProblems(error.issues);
    toasts.error(error.message || fallback);
  };

  const tryIt = () => {
    const body = checked();
    if (!body) return;
    test.mutate(
      { sql: body.sql, settings: body.settings, values: {} },
      {
        onSuccess: (answer) => setPreview(answer.status === 'done' ? answer.result : null),
        onError: (error) => {
          setPreview(null);
          onServerError(error, MESSAGES.failedToRunQuery);
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checked();
    if (!body) return;
    const done = {
      onSuccess: () => {
        toasts.success(existing ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded);
        setSaved(form);
        void navigate(enginePaths.dataSources(businessId));
      },
      onError: (error: Error) => onServerError(error, existing ? MESSAGES.failedToUpdate : MESSAGES.failedToAddDataSource),
    };
    if (existing) update.mutate({ id: existing.id, changes: body }, done);
    else add.mutate(body, done);
  };

  const previewColumns = useMemo(() => (preview ? resultColumns(preview.columns, display) : []), [preview, display]);
  const previewRows = useMemo(() => preview?.rows.map((r, i) => ({ ...r, __row: i })), [preview]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Data sources"
        title={existing ? `Edit ${existing.name}` : 'New data source'}
        description="One read-only SELECT over the reporting views (sales_lines, tickets, refunds, sales_daily, staff, services, products, customers, businesses, appointments). Write :name where a parameter's value goes."
        actions={
          <ButtonLink variant="ghost" to={enginePaths.dataSources(businessId)}>
            Back to data sources
          </ButtonLink>
        }
      />
      <form ref={formRef} onSubmit={submit} noValidate className="mt-6 space-y-6">
        <section aria-label="About the data source" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
          <TextField label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} error={errors.name} required autoFocus />
          <div className="flex items-end">
            <Toggle label="Offer to every location" checked={form.everywhere} onChange={(on) => set('everywhere', on)} />
          </div>
          <TextAreaField className="sm:col-span-2" label="Description" rows={2} value={form.description} onChange={(e) => set('description', e.target.value)} error={errors.description} />
          <TextAreaField className="sm:col-span-2" label="SQL" code rows={10} spellCheck={false} value={form.sql} onChange={(e) => set('sql', e.target.value)} error={errors.sql} required />
        </section>
        <section aria-label="Parameters" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <RecordListEditor
            label="Parameters"
            items={form.parameters}
            onChange={(parameters) => set('parameters', parameters)}
            fields={paramFields}
            newItem={newParamRow}
            itemLabel={(n) => `Parameter ${n}`}
            addLabel="Add a parameter"
            problems={rowProblems(issues, 'parameters')}
            error={errors.parameters && !issues.some((i) => i.path[0] === 'parameters' && typeof i.path[1] === 'number') ? errors.parameters : null}
            hint="Each fills the :target of its name in the SQL. Defaults: a fixed value (choices comma-separated), a relative day (today, yesterday, start-of-week, start-of-month, end-of-month, start-of-last-month, end-of-last-month, start-of-year), or a query whose first column gives the choices (read again each time the report opens)."
            maxItems={REPORT_PARAMETERS_MAX}
          />
        </section>
        <section aria-label="Columns" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <RecordListEditor
            label="Columns"
            items={form.columns}
            onChange={(columns) => set('columns', columns)}
            fields={columnFields}
            newItem={newColumnRow}
            itemLabel={(n) => `Column ${n}`}
            addLabel="Add a column"
            problems={rowProblems(issues, 'columns')}
            hint="How the result's columns are labelled and shown (money is in cents); none: as the SELECT names them."
            maxItems={REPORT_COLUMNS_MAX}
          />
        </section>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink variant="ghost" to={enginePaths.dataSources(businessId)}>
            Cancel
          </ButtonLink>
          <Button type="button" variant="secondary" loading={test.isPending} onClick={tryIt}>
            Try it
          </Button>
          <Button type="submit" loading={add.isPending || update.isPending}>
            {existing ? 'Save data source' : 'Add data source'}
          </Button>
        </div>
      </form>
      {preview ? (
        <DataTable
          className="mt-6"
          caption={`First rows of ${form.name || 'the data source'}`}
          showCaption
          columns={previewColumns}
          rows={previewRows}
          getRowId={(r) => r.__row as number}
          empty="It runs, and gives no rows with the parameters' defaults."
          maxHeight="24rem"
        />
      ) : null}
      {guard}
    </div>
  );
}
