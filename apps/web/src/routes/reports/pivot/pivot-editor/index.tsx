import {
  aggregatesFor,
  defaultAggregate,
  MESSAGES,
  newPivotReport,
  PIVOT_AGGREGATE_LABEL,
  type PivotAggregate,
  type PivotConfiguration,
  type PivotLayout,
  type PivotReport,
  placePivotField,
  problemsByField,
  removePivotField,
  type ReportColumnFormat,
  type ReportParameterValues,
  type ReportSource,
  shiftPivotField,
} from '@salondesk/core';
import { pivotQueries, usePivotFields, usePivotPreview, usePivotReport, usePivotSources, useReportCategories, useReportMutation, useReportParams } from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { toasts } from '../../../../app/toasts';
import { useUnsavedChangesGuard } from '../../../../app/useUnsavedChanges';
import { Button } from '../../../../ui/Button';
import { EmptyState } from '../../../../ui/EmptyState';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { Modal } from '../../../../ui/Modal';
import { PageHeader } from '../../../../ui/PageHeader';
import { type BoardField, PivotFieldBoard } from './PivotFieldBoard';
import { PivotTable } from '../PivotTable';
import { type ParameterFieldValue, ReportParametersForm } from '../../ReportParametersForm';
import { SelectField } from '../../../../ui/SelectField';
import { Skeleton } from '../../../../ui/Skeleton';
import { TextAreaField } from '../../../../ui/TextAreaField';
import { TextField } from '../../../../ui/TextField';
import { Toggle } from '../../../../ui/Toggle';
import { reportPaths } from '../../catalogue/paths';
import { pivotPaths } from '../paths';
import { PivotScreenLoading } from '../PivotScreenLoading';
import { usePivotGrid } from '../usePivotGrid';
import { useDebounced } from '../../../../app/useDebounced';
import { useBusinessId } from '../../../../app/useBusinessId';

/** What the editor holds: the configuration being built and how it will be saved. */
interface Draft extends PivotLayout {
  source: ReportSource | null;
  params: ReportParameterValues;
  subtotals: boolean;
  grandTotals: boolean;
  title: string;
  description: string;
  category_name: string | null;
}

const EMPTY: Draft = { source: null, params: {}, rows: [], columns: [], values: [], subtotals: true, grandTotals: true, title: '', description: '', category_name: null };

const fromReport = (r: PivotReport): Draft => ({ ...r.configuration, title: r.title, description: r.description, category_name: r.category_name });

const FORMAT_LABEL: Record<ReportColumnFormat, string> = { text: 'Text', number: 'Number', money: 'Money', percent: 'Percent', day: 'Day', instant: 'Time', boolean: 'Yes/no' };

/** The rows the live preview shows. */
const PREVIEW_ROWS = 50;
/** How long the editor waits after a change before asking for a preview. */
const PREVIEW_DELAY_MS = 300;

const sourceKey = (s: ReportSource | null) => (s === null ? '' : s.kind === 'datasource' ? `datasource:${s.id}` : `function:${s.name}`);
const sourceOfKey = (key: string): ReportSource | null => {
  const [kind, value = ''] = key.split(':');
  if (kind === 'datasource') return { kind: 'datasource', id: Number(value) };
  if (kind === 'function') return { kind: 'function', name: value };
  return null;
};

/**
 * `/{businessId}/reports/pivot/new` and `…/{id}/edit`: the pivot editor. Pick a source (a data
 * source or a report function) and its parameters; drag fields to Rows, Columns and Values (or use
 * each field's menus), choose each value's aggregate, subtotals and grand totals; the preview
 * follows every change; Save names it (title, description, category). Leaving with unsaved
 * changes asks first.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const reportId = Number(params.reportId ?? 0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = usePivotReport(businessId, reportId);
  const [draft, setDraft] = useState<Draft | null>(reportId > 0 ? null : EMPTY);
  const [saved, setSaved] = useState<Draft | null>(reportId > 0 ? null : EMPTY);
  useEffect(() => {
    if (existing.data && draft === null) {
      setDraft(fromReport(existing.data));
      setSaved(fromReport(existing.data));
    }
  }, [existing.data, draft]);

  const current = draft ?? EMPTY;
  const sources = usePivotSources(businessId);
  const fields = usePivotFields(businessId, current.source);
  const parameters = useReportParams(businessId, current.source);
  const categories = useReportCategories(businessId, 'pivot');

  const configuration: PivotConfiguration | null = useMemo(
    () =>
      current.source && current.values.length > 0
        ? { source: current.source, params: current.params, rows: current.rows, columns: current.columns, values: current.values, subtotals: current.subtotals, grandTotals: current.grandTotals }
        : null,
    [current.source, current.params, current.rows, current.columns, current.values, current.subtotals, current.grandTotals],
  );
  const previewed = useDebounced(configuration, PREVIEW_DELAY_MS);
  const preview = usePivotPreview(businessId, previewed, 1, PREVIEW_ROWS);
  const { grid, formatValue } = usePivotGrid(businessId, preview.data ? [preview.data] : undefined);

  const dirty = draft !== null && saved !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(dirty);
  const [saving, setSaving] = useState(false);

  const formatOf = (key: string): ReportColumnFormat => fields.data?.columns.find((c) => c.key === key)?.format ?? 'text';
  const boardFields: BoardField[] = (fields.data?.columns ?? []).map((c) => ({
    key: c.key,
    label: c.label,
    kind: FORMAT_LABEL[c.format],
    aggregates: aggregatesFor(c.format).map((a) => ({ value: a, label: PIVOT_AGGREGATE_LABEL[a] })),
  }));
  const change = (next: Partial<Draft>) => setDraft({ ...current, ...next });
  const layout = (next: PivotLayout) => change({ rows: next.rows, columns: next.columns, values: next.values });

  if (reportId > 0 && existing.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <LoadError error={existing.error} fallback={MESSAGES.failedToFetchPivotReports} onRetry={() => void existing.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (draft === null) {
    return <PivotScreenLoading />;
  }

  const defaults: Record<string, ParameterFieldValue> = Object.fromEntries((parameters.data?.parameters ?? []).map((p) => [p.id, p.default]));
  const sourceOptions = [
    { value: '', label: 'Choose a source…' },
    ...(sources.data?.dataSources ?? []).map((s) => ({ value: sourceKey({ kind: 'datasource', id: s.id }), label: `Data source: ${s.name}` })),
    ...(sources.data?.functions ?? []).map((f) => ({ value: sourceKey({ kind: 'function', name: f.name }), label: `Report: ${f.title}` })),
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      {guard}
      <PageHeader
        eyebrow="Pivot report"
        title={reportId > 0 ? `Edit ${saved?.title ?? ''}` : 'New pivot report'}
        description="Pivot a data source or a report: rows, columns and values, with subtotals and totals computed over every row."
        actions={
          <>
            <ButtonLink variant="ghost" to={reportId > 0 ? pivotPaths.view(businessId, reportId) : reportPaths.home(businessId)}>
              {reportId > 0 ? 'Back to the report' : 'Back to reports'}
            </ButtonLink>
            <Button onClick={() => setSaving(true)} disabled={configuration === null}>
              {reportId > 0 ? 'Save changes' : 'Save pivot'}
            </Button>
          </>
        }
      />

      <section aria-labelledby="pivot-source" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="pivot-source" className="text-base font-semibold text-slate-900">
          What it reads
        </h2>
        {sources.isError ? (
          <LoadError error={sources.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void sources.refetch()} headingLevel={3} />
        ) : (
          <SelectField
            className="max-w-md"
            label="Source"
            options={sourceOptions}
            value={sourceKey(current.source)}
            disabled={!sources.data}
            onChange={(event) => change({ source: sourceOfKey(event.target.value), params: {}, rows: [], columns: [], values: [] })}
          />
        )}
        {current.source && parameters.data && parameters.data.parameters.length > 0 ? (
          <ReportParametersForm
            parameters={parameters.data.parameters.map((p) => ({ id: p.id, label: p.label ?? p.id, type: p.type, required: p.required, choices: p.choices }))}
            values={{ ...defaults, ...current.params }}
            onChange={(values) => change({ params: Object.fromEntries(Object.entries(values).filter(([id, v]) => v !== null && v !== '' && v !== defaults[id])) as ReportParameterValues })}
            onSubmit={() => void preview.refetch()}
            submitLabel="Update preview"
          />
        ) : null}
        {parameters.isError ? <p className="text-sm text-red-700">{parameters.error.message}</p> : null}
      </section>

      <section aria-labelledby="pivot-fields" className="space-y-4">
        <h2 id="pivot-fields" className="text-base font-semibold text-slate-900">
          Rows, columns and values
        </h2>
        {fields.isError ? (
          <LoadError error={fields.error} fallback={MESSAGES.failedToFetchReportParams} onRetry={() => void fields.refetch()} headingLevel={3} />
        ) : (
          <PivotFieldBoard
            fields={boardFields}
            rows={current.rows}
            columns={current.columns}
            values={current.values}
            onPlace={(field, to, from) => layout(placePivotField(current, field, to, from, defaultAggregate(formatOf(field))))}
            onRemove={(spot) => layout(removePivotField(current, spot))}
            onShift={(spot, delta) => layout(shiftPivotField(current, spot, delta))}
            onAggregate={(index, aggregate) => change({ values: current.values.map((v, i) => (i === index ? { ...v, aggregate: aggregate as PivotAggregate } : v)) })}
          />
        )}
        <div className="flex max-w-xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <Toggle label="Subtotals" description="A total row after each group of the row fields but the last." checked={current.subtotals} onChange={(subtotals) => change({ subtotals })} />
          <Toggle label="Grand totals" description="A total row at the end and a total column after the columns." checked={current.grandTotals} onChange={(grandTotals) => change({ grandTotals })} />
        </div>
      </section>

      <section aria-labelledby="pivot-preview" className="space-y-3">
        <h2 id="pivot-preview" className="text-base font-semibold text-slate-900">
          Preview
        </h2>
        {configuration === null ? (
          <EmptyState title="Nothing to preview yet" description="Choose a source and put at least one field among the values." />
        ) : preview.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-medium">{preview.error.message}</p>
            {'issues' in preview.error && Array.isArray(preview.error.issues) ? (
              <ul className="mt-1 list-disc pl-5">
                {(preview.error.issues as { message: string }[]).map((issue, i) => (
                  <li key={i}>{issue.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : grid && preview.data ? (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {preview.data.rowCount > PREVIEW_ROWS
                ? `The first ${PREVIEW_ROWS} of ${preview.data.rowCount.toLocaleString('en-US')} rows; the saved report pages through all of them.`
                : `${preview.data.rowCount.toLocaleString('en-US')} ${preview.data.rowCount === 1 ? 'row' : 'rows'}.`}
            </p>
            <PivotTable grid={grid} formatValue={formatValue} caption="Preview of the pivot" loading={preview.isFetching || previewed !== configuration} />
          </>
        ) : (
          <LoadingRegion label="Computing the preview">
            <Skeleton className="h-48 w-full" />
          </LoadingRegion>
        )}
      </section>

      {saving && configuration ? (
        <SaveDialog
          businessId={businessId}
          reportId={reportId}
          draft={current}
          configuration={configuration}
          categories={(categories.data ?? []).map((c) => c.category_name)}
          onClose={() => setSaving(false)}
          onSaved={(report) => {
            const next = fromReport(report);
            setDraft(next);
            setSaved(next);
            setSaving(false);
            void queryClient.invalidateQueries({ queryKey: pivotQueries.report(businessId, report.id) });
            navigate(pivotPaths.view(businessId, report.id));
          }}
        />
      ) : null}
    </div>
  );
}

function SaveDialog({
  businessId,
  reportId,
  draft,
  configuration,
  categories,
  onClose,
  onSaved,
}: {
  businessId: number;
  reportId: number;
  draft: Draft;
  configuration: PivotConfiguration;
  categories: readonly string[];
  onClose: () => void;
  onSaved: (report: PivotReport) => void;
}) {
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description);
  const [category, setCategory] = useState(draft.category_name ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useReportMutation(businessId, (reports, body: { title: string; description: string; category_name: string | null }) =>
    reportId > 0 ? reports.updatePivot(businessId, { id: reportId, ...body, configuration }) : reports.createPivot(businessId, { ...body, configuration }),
  );
  const submit = () => {
    const body = { title, description, category_name: category === '' ? null : category };
    const checked = newPivotReport.safeParse({ ...body, configuration });
    if (!checked.success) {
      setProblems(problemsByField(checked.error.issues));
      return;
    }
    setProblems({});
    save.mutate(body, {
      onSuccess: (report) => {
        toasts.success(reportId > 0 ? MESSAGES.reportUpdated : MESSAGES.successfullyAdded);
        onSaved(report);
      },
      onError: (error) => {
        const issues = 'issues' in error && Array.isArray(error.issues) ? problemsByField(error.issues as { path: (string | number)[]; message: string }[]) : {};
        setProblems(issues);
        if (Object.keys(issues).length === 0) toasts.error(error.message || (reportId > 0 ? MESSAGES.failedToSave : MESSAGES.failedToAdd));
      },
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={reportId > 0 ? 'Save the pivot report' : 'Save as a pivot report'}
      actions={
        <>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={problems.title} required />
        <TextAreaField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} error={problems.description} />
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={problems.category_name}
          options={[{ value: '', label: 'No category' }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
      </form>
    </Modal>
  );
}
