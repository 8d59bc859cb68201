import {
  type AdHocQuery,
  fittingVisualization,
  isApiError,
  isNumericColumn,
  MESSAGES,
  newQuestionCard,
  problemsByField,
  QUESTION_DISPLAY_LABEL,
  QUESTION_DISPLAYS,
  QUESTION_METRICS_MAX,
  type QuestionCard,
  type QuestionDisplay,
  type QuestionVisualization,
  type ReportColumn,
  type ReportParameterValues,
  visualizationProblems,
} from '@salondesk/core';
import { useQuestionCard, useQuestionPreview, useSaveQuestionCard, useSourceParameters } from '@salondesk/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../../../app/LoadError';
import { toasts } from '../../../../app/toasts';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { useUnsavedChangesGuard } from '../../../../app/useUnsavedChanges';
import { Button, buttonClasses } from '../../../../ui/Button';
import { EmptyState } from '../../../../ui/EmptyState';
import { PageHeader } from '../../../../ui/PageHeader';
import { SelectField } from '../../../../ui/SelectField';
import { Skeleton } from '../../../../ui/Skeleton';
import { TextAreaField } from '../../../../ui/TextAreaField';
import { TextField } from '../../../../ui/TextField';
import { ParameterFields } from '../ParameterFields';
import { QuestionResultView } from '../QuestionResultView';
import { questionPaths, sourceKey, useQuestionSources } from '../sources';
import { useDebounced } from '../../../../app/useDebounced';
import { useBusinessId } from '../../../../app/useBusinessId';

interface Draft {
  name: string;
  description: string;
  sourceKey: string;
  params: ReportParameterValues;
  visualization: QuestionVisualization;
  metabaseId: string;
}

const emptyDraft = (): Draft => ({ name: '', description: '', sourceKey: '', params: {}, visualization: { display: 'table' }, metabaseId: '' });

const draftOf = (card: QuestionCard): Draft => ({
  name: card.name,
  description: card.description,
  sourceKey: sourceKey(card.source),
  params: card.params,
  visualization: card.visualization,
  metabaseId: card.metabase_id === null ? '' : String(card.metabase_id),
});

/** `/{businessId}/reports/questions/new` and `/{businessId}/reports/questions/{cardId}/edit`: the card editor. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const cardId = params.cardId ? Number(params.cardId) : null;
  const card = useQuestionCard(businessId, cardId);
  if (cardId !== null && card.isError) return <LoadError error={card.error} onRetry={() => void card.refetch()} retrying={card.isFetching} fallback={MESSAGES.failedToFetchCardDetails} headingLevel={1} className="m-8" />;
  if (cardId !== null && !card.data) return <Skeleton className="m-8 h-96" />;
  return <CardEditor key={cardId ?? 'new'} businessId={businessId} card={card.data ?? null} />;
}

function CardEditor({ businessId, card }: { businessId: number; card: QuestionCard | null }) {
  const navigate = useNavigate();
  const save = useSaveQuestionCard(businessId);
  const { symbol, timezone } = useBusinessDisplay(businessId);
  const display = useMemo(() => ({ symbol, timezone }), [symbol, timezone]);
  const initial = useMemo(() => (card ? draftOf(card) : emptyDraft()), [card]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = !saved && JSON.stringify(draft) !== JSON.stringify(initial);
  const leaving = useUnsavedChangesGuard(dirty);

  const { sources } = useQuestionSources(businessId);
  const option = sources.find((s) => s.key === draft.sourceKey) ?? null;
  // The preview runs the source as it is being edited, a moment after the last change.
  const query: AdHocQuery | null = option ? { source: option.source, params: draft.params } : null;
  const debounced = useDebounced(query, 400);
  const opened = useSourceParameters(businessId, option?.source ?? null);
  const preview = useQuestionPreview(businessId, debounced);
  const columns: readonly ReportColumn[] = preview.data?.columns ?? option?.columns ?? [];

  // Another source, other columns: keep the visualisation when it still fits them, else start from theirs.
  useEffect(() => {
    if (columns.length === 0) return;
    setDraft((d) => {
      const fitted = fittingVisualization(d.visualization, columns);
      return fitted === d.visualization ? d : { ...d, visualization: fitted };
    });
  }, [columns]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: draft.name,
      description: draft.description,
      source: option?.source,
      params: draft.params,
      visualization: draft.visualization,
      metabase_id: draft.metabaseId.trim() === '' ? null : Number(draft.metabaseId),
    };
    const problems: Record<string, string> = {};
    if (!option) problems.sourceKey = 'Choose what the card reads';
    const checked = newQuestionCard.safeParse(body);
    if (!checked.success) Object.assign(problems, problemsByField(checked.error.issues));
    for (const p of visualizationProblems(draft.visualization, columns)) problems[`visualization.${p.path.join('.')}`] = p.message;
    if (Object.values(problems).some(Boolean) || !checked.success) {
      setErrors({ ...problems, ...(problems.metabase_id ? { metabaseId: problems.metabase_id } : {}) });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    save.mutate(card ? { id: card.id, changes: checked.data } : { create: checked.data }, {
      onSuccess: (result) => {
        setSaved(true);
        toasts.success(card ? MESSAGES.updatedSuccessfully : MESSAGES.addedSuccessfully);
        void navigate(questionPaths.view(businessId, result.id));
      },
      onError: (error) => {
        if (isApiError(error) && error.issues.length > 0) {
          const byField = problemsByField(error.issues);
          setErrors({ ...byField, ...(byField.metabase_id ? { metabaseId: byField.metabase_id } : {}) });
        } else if (isApiError(error) && error.status === 409) setErrors({ metabaseId: error.message });
        toasts.error(error.message);
      },
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader eyebrow="Questions" title={card ? `Edit ${card.name}` : 'New question'} description="A saved question reads a report function or a data source with its parameters, and shows it as a table, a chart or a number." />
      <form ref={formRef} onSubmit={submit} noValidate className="mt-6 grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="space-y-4">
          <TextField label="Name" value={draft.name} onChange={(e) => set('name', e.target.value)} error={errors.name} required autoFocus={!card} />
          <TextAreaField label="Description" value={draft.description} onChange={(e) => set('description', e.target.value)} error={errors.description} rows={2} />
          <SelectField
            label="Source"
            value={draft.sourceKey}
            onChange={(e) => setDraft((d) => ({ ...d, sourceKey: e.target.value, params: {} }))}
            options={[{ value: '', label: 'Choose a source…' }, ...sources.map((s) => ({ value: s.key, label: `${s.label} (${s.group === 'Data sources' ? 'data source' : 'report function'})` }))]}
            error={errors.sourceKey || errors.source}
          />
          {option ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-slate-900">Parameters</legend>
              <ParameterFields parameters={opened.data?.parameters ?? option.parameters} values={draft.params} onChange={(values) => set('params', values)} errors={paramErrors(errors, preview.error)} />
            </fieldset>
          ) : null}
          <VisualizationFields visualization={draft.visualization} columns={columns} onChange={(v) => set('visualization', v)} errors={errors} />
          <TextField
            label="Metabase question"
            inputMode="numeric"
            value={draft.metabaseId}
            onChange={(e) => set('metabaseId', e.target.value)}
            error={errors.metabaseId}
            hint="Optional: the id of the Metabase question this card stands for, so embed reports naming it show this card."
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Link to={card ? questionPaths.view(businessId, card.id) : questionPaths.list(businessId)} className={buttonClasses({ variant: 'ghost' })}>
              Cancel
            </Link>
            <Button type="submit" loading={save.isPending}>
              {card ? 'Save changes' : 'Save question'}
            </Button>
          </div>
        </div>
        <section aria-labelledby="preview-heading" className="min-w-0 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="preview-heading" className="text-sm font-semibold text-slate-900">
            Preview
          </h2>
          <div className="mt-3" aria-busy={preview.isFetching}>
            {!option ? (
              <EmptyState title="Choose a source" description="The preview runs it with its parameters as you edit them." />
            ) : preview.isError ? (
              <EmptyState tone="error" title={MESSAGES.failedToRunQuery} description={preview.error.message} />
            ) : preview.data ? (
              <QuestionResultView title={draft.name.trim() || 'Preview'} result={preview.data} visualization={draft.visualization} display={display} loading={preview.isFetching} />
            ) : (
              <Skeleton className="h-64" />
            )}
          </div>
        </section>
      </form>
      {leaving}
    </div>
  );
}

/** The server's problems with parameter values (`values.{id}`), by parameter id. */
function paramErrors(errors: Record<string, string>, error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) if (key.startsWith('params.')) out[key.slice(7)] = message;
  if (isApiError(error)) for (const issue of error.issues) if (issue.path[0] === 'values' && typeof issue.path[1] === 'string') out[issue.path[1]] = issue.message;
  return out;
}

/** How the card shows its result: the display, then the columns it plots. */
function VisualizationFields({
  visualization,
  columns,
  onChange,
  errors,
}: {
  visualization: QuestionVisualization;
  columns: readonly ReportColumn[];
  onChange: (v: QuestionVisualization) => void;
  errors: Record<string, string>;
}) {
  const numeric = columns.filter(isNumericColumn);
  const all = columns.map((c) => ({ value: c.key, label: c.label }));
  const figures = numeric.map((c) => ({ value: c.key, label: c.label }));
  const first = columns.find((c) => !isNumericColumn(c))?.key ?? columns[0]?.key ?? '';
  const firstFigure = numeric[0]?.key ?? '';
  const switchTo = (display: QuestionDisplay): QuestionVisualization => {
    const dimension = 'dimension' in visualization ? visualization.dimension : first;
    const metrics = 'metrics' in visualization ? visualization.metrics : [('metric' in visualization ? visualization.metric : 'field' in visualization ? visualization.field : firstFigure) || firstFigure];
    switch (display) {
      case 'table':
        return { display: 'table' };
      case 'bar':
      case 'line':
        return { display, dimension, metrics: metrics.filter(Boolean) };
      case 'pie':
        return { display: 'pie', dimension, metric: metrics[0] ?? firstFigure };
      case 'number':
        return { display: 'number', field: metrics[0] ?? firstFigure };
    }
  };
  const error = (key: string) => errors[`visualization.${key}`] || undefined;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Visualisation</legend>
      <SelectField label="Show as" value={visualization.display} onChange={(e) => onChange(switchTo(e.target.value as QuestionDisplay))} options={QUESTION_DISPLAYS.map((d) => ({ value: d, label: QUESTION_DISPLAY_LABEL[d] }))} error={error('display')} />
      {visualization.display === 'bar' || visualization.display === 'line' ? (
        <>
          <SelectField label="Along the axis" value={visualization.dimension} onChange={(e) => onChange({ ...visualization, dimension: e.target.value })} options={all} error={error('dimension')} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Values</legend>
            <div className="mt-1 space-y-1">
              {figures.map((f) => {
                const checked = visualization.metrics.includes(f.value);
                return (
                  <label key={f.value} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-brand-600"
                      checked={checked}
                      disabled={!checked && visualization.metrics.length >= QUESTION_METRICS_MAX}
                      onChange={() => onChange({ ...visualization, metrics: checked ? visualization.metrics.filter((m) => m !== f.value) : [...visualization.metrics, f.value] })}
                    />
                    {f.label}
                  </label>
                );
              })}
            </div>
            {error('metrics') || error('metrics.0') ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {error('metrics') || error('metrics.0')}
              </p>
            ) : null}
          </fieldset>
        </>
      ) : null}
      {visualization.display === 'pie' ? (
        <>
          <SelectField label="Slices" value={visualization.dimension} onChange={(e) => onChange({ ...visualization, dimension: e.target.value })} options={all} error={error('dimension')} />
          <SelectField label="Sized by" value={visualization.metric} onChange={(e) => onChange({ ...visualization, metric: e.target.value })} options={figures} error={error('metric')} />
        </>
      ) : null}
      {visualization.display === 'number' ? (
        <SelectField label="Figure (summed over the rows)" value={visualization.field} onChange={(e) => onChange({ ...visualization, field: e.target.value })} options={figures} error={error('field')} />
      ) : null}
    </fieldset>
  );
}
