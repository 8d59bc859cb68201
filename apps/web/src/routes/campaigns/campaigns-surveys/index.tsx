import { campaignExports, MESSAGES, type NpsSummary, type Survey, SURVEY_FIGURES, SURVEY_LIMITS, surveyCreate, surveyStatusLabel, problemsByField, userCan } from '@salondesk/core';
import { useSession, useSurveyChange, useSurveyResults, useSurveys } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MultiExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Chart } from '../../../ui/Chart';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { FigureLabel } from '../../../ui/FigureLabel';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';
import { FormActions } from '../../../ui/FormActions';

const count = new Intl.NumberFormat('en-US');
const nps = (value: number | null) => (value === null ? '—' : String(value));

type SurveyRow = Survey & { onOpen: () => void; onToggle?: () => void };
const surveyColumns: DataColumn<SurveyRow>[] = [
  {
    id: 'name',
    header: 'Survey',
    value: (s) => s.name,
    cell: (s) => (
      <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={s.onOpen}>
        {s.name}
      </button>
    ),
    size: 220,
  },
  { id: 'nps', header: SURVEY_FIGURES.nps.label, value: (s) => s.nps ?? -1000, cell: (s) => nps(s.nps), align: 'end', size: 80, priority: 'always' },
  { id: 'answers', header: SURVEY_FIGURES.answers.label, value: (s) => s.answers, cell: (s) => count.format(s.answers), align: 'end', size: 100, priority: 1 },
  { id: 'invited', header: 'Invited', value: (s) => s.invited, cell: (s) => count.format(s.invited), align: 'end', size: 100, priority: 2 },
  { id: 'question', header: 'Question', value: (s) => s.question, size: 320, priority: 4 },
  { id: 'active', header: 'Status', value: surveyStatusLabel, cell: (s) => <StatusBadge label={surveyStatusLabel(s)} tone={s.active ? 'success' : 'neutral'} />, size: 90, priority: 3 },
  {
    id: 'actions',
    header: 'Actions',
    cell: (s) => (s.onToggle ? <Button size="sm" variant="ghost" onClick={s.onToggle} aria-label={`${s.active ? 'Close' : 'Reopen'} ${s.name}`}>{s.active ? 'Close' : 'Reopen'}</Button> : null),
    align: 'end',
    size: 110,
    priority: 5,
  },
];

type Breakdown = NpsSummary & { key: number; name: string };
const breakdownColumns = (what: string): DataColumn<Breakdown>[] => [
  { id: 'name', header: what, value: (r) => r.name, size: 200 },
  { id: 'nps', header: SURVEY_FIGURES.nps.label, value: (r) => r.nps ?? -1000, cell: (r) => nps(r.nps), align: 'end', size: 80, priority: 'always' },
  { id: 'answers', header: SURVEY_FIGURES.answers.label, value: (r) => r.answers, align: 'end', size: 90, priority: 1 },
  { id: 'promoters', header: SURVEY_FIGURES.promoters.label, value: (r) => r.promoters, align: 'end', size: 100, priority: 2 },
  { id: 'passives', header: SURVEY_FIGURES.passives.label, value: (r) => r.passives, align: 'end', size: 90, priority: 3 },
  { id: 'detractors', header: SURVEY_FIGURES.detractors.label, value: (r) => r.detractors, align: 'end', size: 100, priority: 4 },
];

/** `/{businessId}/campaigns/surveys`: NPS surveys sent by campaigns, with results per staff member and service. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayManage = user !== undefined && userCan(user, 'operation.campaigns');
  const surveys = useSurveys(businessId);
  const change = useSurveyChange(businessId);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = useMemo<SurveyRow[] | undefined>(
    () =>
      surveys.data?.map((s) => ({
        ...s,
        onOpen: () => setOpen(s.id),
        onToggle: mayManage ? () => change.mutate({ surveyId: s.id, active: !s.active }, { onSuccess: () => toasts.success(MESSAGES.successfullyUpdated), onError: (e) => toasts.error(e.message) }) : undefined,
      })),
    [surveys.data, mayManage, change.mutate],
  );
  const shown = open ?? surveys.data?.[0]?.id ?? null;
  const shownName = surveys.data?.find((s) => s.id === shown)?.name;
  // The surveys, then the shown survey's results per staff member and per service.
  const files = [
    { endpoint: campaignExports.surveys, input: { params: { id: businessId }, query: {} } },
    ...(shown === null ? [] : [campaignExports.surveyByStaff, campaignExports.surveyByService].map((endpoint) => ({ endpoint, input: { params: { id: businessId, surveyId: shown }, query: {} } }))),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={shownName ? `Surveys · ${shownName}` : 'Surveys'} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow="Clients"
        title="Surveys"
        description="Net Promoter Score after a visit: send a survey with a campaign, read the answers per staff member and service."
        actions={
          <>
            <Link to={`/${businessId}/campaigns`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">Campaigns</Link>
            {mayManage ? <Button onClick={() => setCreating(true)}>New survey</Button> : null}
            <MultiExportActions title="Surveys" items={files} />
          </>
        }
      />
      <div className="mt-6">
        {surveys.isError ? (
          <LoadError error={surveys.error} fallback={MESSAGES.failedToFetchSurveys} onRetry={() => void surveys.refetch()} />
        ) : !rows ? (
          <div aria-busy="true"><p role="status" className="sr-only">Loading the surveys</p><Skeleton className="h-32 w-full" /></div>
        ) : rows.length === 0 ? (
          <EmptyState title="No surveys yet" description="Create a survey, then send it with a campaign: each client gets a link of their own." />
        ) : (
          <SavedDataTable businessId={businessId} name="surveys" caption="Surveys" columns={surveyColumns} rows={rows} getRowId={(s) => s.id} rowLabel={(s) => s.name} />
        )}
      </div>
      {shown !== null ? <SurveyResultsPanel businessId={businessId} surveyId={shown} /> : null}
      {creating ? <SurveyDialog businessId={businessId} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

function SurveyResultsPanel({ businessId, surveyId }: { businessId: number; surveyId: number }) {
  const results = useSurveyResults(businessId, surveyId);
  if (results.isError) return <div className="mt-8"><LoadError error={results.error} fallback={MESSAGES.failedToFetchSurveys} onRetry={() => void results.refetch()} /></div>;
  if (!results.data) return <div className="mt-8" aria-busy="true"><p role="status" className="sr-only">Loading the results</p><Skeleton className="h-64 w-full" /></div>;
  const r = results.data;
  const scores = Array.from({ length: 11 }, (_, i) => String(i));
  return (
    <section className="mt-8 space-y-6" aria-labelledby="survey-results">
      <h2 id="survey-results" className="text-lg font-semibold text-slate-900">Results: {r.survey.name}</h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {(['nps', 'answers', 'promoters', 'passives', 'detractors'] as const).map((key) => (
          <div key={key} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <dt><FigureLabel label={SURVEY_FIGURES[key].label} meaning={SURVEY_FIGURES[key].meaning} /></dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">{key === 'nps' ? nps(r.overall.nps) : count.format(r.overall[key])}</dd>
          </div>
        ))}
      </dl>
      {r.overall.answers === 0 ? (
        <EmptyState title="No answers yet" description="Answers appear here as clients follow their survey link." />
      ) : (
        <>
          <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <Chart
              title="Answers per score"
              days={scores}
              axis={{ label: 'Score', one: 'score', many: 'scores', days: false }}
              series={[{ key: 'answers', name: SURVEY_FIGURES.answers.label, meaning: SURVEY_FIGURES.answers.meaning, kind: 'bar', values: r.distribution, measure: { unit: 'answers', format: (v) => count.format(v), minInterval: 1 } }]}
              formatDay={(s) => s}
              formatDayLong={(s) => `Score ${s}`}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <SavedDataTable businessId={businessId} name="survey-by-staff" caption="Per staff member" columns={breakdownColumns('Staff')} rows={r.byStaff.map((s) => ({ ...s, key: s.staffId }))} getRowId={(s) => s.key} rowLabel={(s) => s.name} />
            <SavedDataTable businessId={businessId} name="survey-by-service" caption="Per service" columns={breakdownColumns('Service')} rows={r.byService.map((s) => ({ ...s, key: s.serviceId }))} getRowId={(s) => s.key} rowLabel={(s) => s.name} />
          </div>
          {r.comments.length > 0 ? (
            <div>
              <h3 className="text-base font-semibold text-slate-900">Comments</h3>
              <ul className="mt-2 space-y-2">
                {r.comments.map((c) => (
                  <li key={c.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
                    <span className="font-medium">{c.score}/10</span> {c.visitDay ? <span className="text-slate-500">(visit of {c.visitDay})</span> : null} — {c.comment}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function SurveyDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const change = useSurveyChange(businessId);
  const [fields, setFields] = useState({ name: '', question: 'How likely are you to recommend us to a friend or colleague?' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = () => {
    const checked = surveyCreate.safeParse(fields);
    if (!checked.success) return setProblems(problemsByField(checked.error.issues));
    change.mutate(fields, {
      onSuccess: () => {
        toasts.success(MESSAGES.successfullyAdded);
        onClose();
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  return (
    <Modal open onClose={onClose} title="New survey" description="Clients answer from 0 to 10, with a comment if they like.">
      <form className="space-y-4" noValidate onSubmit={(e: FormEvent) => { e.preventDefault(); submit(); }}>
        <TextField label="Survey name" value={fields.name} onChange={(e) => setFields((f) => ({ ...f, name: e.target.value }))} error={problems.name} maxLength={SURVEY_LIMITS.name} autoFocus />
        <TextField label="Question" value={fields.question} onChange={(e) => setFields((f) => ({ ...f, question: e.target.value }))} error={problems.question} maxLength={SURVEY_LIMITS.question} />
        <FormActions submitLabel="Create survey" pending={change.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
