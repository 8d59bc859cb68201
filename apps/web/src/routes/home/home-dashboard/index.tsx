import {
  FIGURES,
  dayLabel,
  figureValue,
  percentChange,
  SNAPSHOT_PERIOD_LABEL,
  type DashboardHome,
  type DashboardMetric,
  type SnapshotPeriod,
  MESSAGES,
  userCan,
} from '@salondesk/core';
import {
  useAddDashboardCard,
  useAddDashboardKpi,
  useDashboardChart,
  useDashboardHome,
  useRemoveDashboardCard,
  useRemoveDashboardKpi,
  useSession,
  useUpdatePeriodSnapshot,
} from '@salondesk/react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { Modal } from '../../../ui/Modal';
import { SalesChart } from '../../../ui/SalesChart';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatCard } from '../../../ui/StatCard';

/** `/{businessId}/home`: how the business did today against yesterday and last month's end. */
export function Component() {
  const businessId = Number(useParams().businessId);
  const display = useBusinessDisplay(businessId);
  const { business } = display;

  if (business.isError) {
    return (
      <EmptyState
        tone="error"
        headingLevel={1}
        title={business.error.message}
        onRetry={() => void business.refetch()}
        retrying={business.isFetching}
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      {business.data ? (
        <Dashboard businessId={businessId} name={business.data.name} display={display} />
      ) : (
        <>
          <Skeleton className="h-4 w-16" />
          <Skeleton className="mt-2 h-8 w-64 max-w-full" />
          <DashboardSkeleton />
        </>
      )}
    </div>
  );
}

/** The dashboard itself, asked for once the business is known. */
function Dashboard({ businessId, name, display }: { businessId: number; name: string; display: Display }) {
  const home = useDashboardHome(businessId);
  const chart = useDashboardChart(businessId, 30);
  const session = useSession().session;
  const canSeeTickets = session !== null && userCan(session.user, 'reporting.transactionreport');
  useErrorToast(home.error);

  return (
    <>
      <header className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Home</p>
          <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
        </div>
        {home.data ? <p className="text-sm text-slate-600">{dayLabel(home.data.today.day)}</p> : null}
      </header>

      {home.isError ? (
        <EmptyState
          tone="error"
          className="mt-8"
          title={home.error.message}
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
        />
      ) : !home.data ? (
        <DashboardSkeleton />
      ) : (
        <>
          <Cards businessId={businessId} home={home.data} display={display} />
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <section aria-labelledby="chart-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 lg:col-span-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="chart-title" className="text-base font-semibold text-slate-900">
                  Net sales, last 30 days
                </h2>
                <p className="text-sm text-slate-600">
                  Month to date <span className="font-semibold tabular-nums text-slate-900">{display.money(home.data.today.monthtotal)}</span>
                </p>
              </div>
              {chart.data ? (
                <SalesChart title="Net sales, last 30 days" points={chart.data.points.map((p) => ({ day: p.day, value: p.net }))} format={display.money} />
              ) : chart.isError ? (
                <p className="mt-4 text-sm text-red-700">{chart.error.message}</p>
              ) : (
                <Skeleton className="mt-4 h-40 w-full" />
              )}
            </section>
            <Queue home={home.data} businessId={businessId} linkToTickets={canSeeTickets} />
          </div>
          <Kpis businessId={businessId} home={home.data} display={display} />
        </>
      )}
    </>
  );
}

type Display = ReturnType<typeof useBusinessDisplay>;

/** A dashboard item's remove button: busy while that item is being removed, toasts the answer. */
function removeProps(remove: { isPending: boolean; variables: number | undefined; mutate: RemoveMutate }, id: number) {
  return {
    removing: remove.isPending && remove.variables === id,
    onRemove: () =>
      remove.mutate(id, {
        onSuccess: (answer) => toasts.success(answer.message ?? MESSAGES.deletedSuccessfully),
        onError: (error) => toasts.error(error.message),
      }),
  };
}
type RemoveMutate = (id: number, options: { onSuccess: (answer: { message?: string }) => void; onError: (error: Error) => void }) => void;

/** The dialog that adds a card or a KPI: the choice as children, then Add and Cancel. */
function AddDialog(props: { open: boolean; onClose: () => void; title: string; description?: string; submitLabel: string; onSubmit: () => void; loading: boolean; children: ReactNode }) {
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      {...(props.description ? { description: props.description } : {})}
      actions={
        <>
          <Button onClick={props.onSubmit} loading={props.loading}>
            {props.submitLabel}
          </Button>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}

function Cards({ businessId, home, display }: { businessId: number; home: DashboardHome; display: Display }) {
  const add = useAddDashboardCard(businessId);
  const remove = useRemoveDashboardCard(businessId);
  const [adding, setAdding] = useState(false);
  const [column, setColumn] = useState<string>('');
  const present = new Set(home.cards.map((c) => c.column));
  const choices = (Object.keys(FIGURES) as DashboardMetric[]).filter((c) => !present.has(c));
  const format = (column: DashboardMetric, value: number) => display.metric(value, FIGURES[column].format);

  const submit = () => {
    const chosen = (column || choices[0]) as DashboardMetric | undefined;
    if (!chosen) return;
    const title = home.available.cards.find((c) => c.column === chosen)?.title;
    add.mutate(
      { column: chosen, ...(title ? { title } : {}) },
      {
        onSuccess: (answer) => {
          toasts.success(answer.message ?? MESSAGES.addedSuccessfully);
          setAdding(false);
          setColumn('');
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="cards-title" className="mt-8">
      <div className="flex items-center justify-between gap-2">
        <h2 id="cards-title" className="text-base font-semibold text-slate-900">
          Today compared
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)} disabled={choices.length === 0}>
          Add card
        </Button>
      </div>
      {home.cards.length === 0 ? (
        <EmptyState className="mt-4" title="No cards on the dashboard" description="Add a card to follow a figure every day." />
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {home.cards.map((card) => {
            const today = figureValue(card.column, home.today.totals);
            const yesterday = figureValue(card.column, home.yesterday.totals);
            const monthEnd = figureValue(card.column, home.lastMonthEnd.totals);
            return (
              <StatCard
                key={card.id}
                title={card.title}
                value={format(card.column, today)}
                caption="Today"
                comparisons={[
                  { label: 'Yesterday', value: format(card.column, yesterday), change: percentChange(today, yesterday) },
                  { label: `Last month end (${home.lastMonthEnd.day.slice(5)})`, value: format(card.column, monthEnd), change: percentChange(today, monthEnd) },
                ]}
                {...removeProps(remove, card.id)}
              />
            );
          })}
        </div>
      )}
      <AddDialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add a card"
        description="The card compares today with yesterday and the end of last month."
        submitLabel="Add card"
        onSubmit={submit}
        loading={add.isPending}
      >
        <SelectField label="Figure" value={column || choices[0] || ''} onChange={(e) => setColumn(e.target.value)} options={choices.map((c) => ({ value: c, label: FIGURES[c].label }))} />
      </AddDialog>
    </section>
  );
}

function Queue({ home, businessId, linkToTickets }: { home: DashboardHome; businessId: number; linkToTickets: boolean }) {
  const items = [
    { label: 'In queue', value: home.queue.inQueue },
    { label: 'In Service', value: home.queue.inService },
    { label: 'Completed', value: home.queue.completed },
    { label: 'Deleted', value: home.queue.deleted },
  ];
  return (
    <section aria-labelledby="queue-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="queue-title" className="text-base font-semibold text-slate-900">
        Today's queue
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {items.map((i) => (
          <div key={i.label} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{i.label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">{i.value}</dd>
          </div>
        ))}
      </dl>
      {linkToTickets ? (
        <Link to={`/${businessId}/transactions?day=${home.today.day}`} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
          See today's tickets
        </Link>
      ) : null}
    </section>
  );
}

function Kpis({ businessId, home, display }: { businessId: number; home: DashboardHome; display: Display }) {
  const add = useAddDashboardKpi(businessId);
  const remove = useRemoveDashboardKpi(businessId);
  const period = useUpdatePeriodSnapshot(businessId);
  const [adding, setAdding] = useState(false);
  const [column, setColumn] = useState('');
  const [global, setGlobal] = useState(false);
  const present = new Set(home.kpis.map((k) => k.column));
  const choices = home.available.kpis.filter((k) => !present.has(k.column));

  const submit = () => {
    const chosen = column || choices[0]?.column;
    if (!chosen) return;
    add.mutate(
      { column: chosen, global },
      {
        onSuccess: (answer) => {
          toasts.success(answer.message ?? MESSAGES.addedSuccessfully);
          setAdding(false);
          setColumn('');
          setGlobal(false);
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="kpi-title" className="mt-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="kpi-title" className="text-base font-semibold text-slate-900">
            KPIs
          </h2>
          <p className="text-sm text-slate-600">
            {home.periodRange.current.start} – {home.periodRange.current.end}, against {home.periodRange.previous.start} – {home.periodRange.previous.end}
          </p>
        </div>
        <div className="flex items-end gap-2">
          <SelectField
            label="Period"
            value={home.period}
            disabled={period.isPending}
            onChange={(e) =>
              period.mutate(e.target.value as SnapshotPeriod, {
                onSuccess: (answer) => toasts.success(answer.message ?? MESSAGES.updatedBang),
                onError: (error) => toasts.error(error.message),
              })
            }
            options={(Object.keys(SNAPSHOT_PERIOD_LABEL) as SnapshotPeriod[]).map((p) => ({ value: p, label: SNAPSHOT_PERIOD_LABEL[p] }))}
          />
          <Button variant="secondary" onClick={() => setAdding(true)} disabled={choices.length === 0}>
            Add KPI
          </Button>
        </div>
      </div>
      {home.kpis.length === 0 ? (
        <EmptyState className="mt-4" title="No KPIs yet" description="Add a KPI to compare this period with the one before." />
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {home.kpis.map((kpi) => (
            <StatCard
              key={kpi.id}
              title={kpi.label}
              value={display.metric(kpi.current, kpi.format)}
              caption={`${SNAPSHOT_PERIOD_LABEL[home.period]}${kpi.global ? ' · all locations' : ''}`}
              comparisons={[{ label: 'Previous period', value: display.metric(kpi.previous, kpi.format), change: percentChange(kpi.current, kpi.previous) }]}
              {...removeProps(remove, kpi.id)}
            />
          ))}
        </div>
      )}
      <AddDialog open={adding} onClose={() => setAdding(false)} title="Add a KPI" submitLabel="Add KPI" onSubmit={submit} loading={add.isPending}>
        <SelectField label="KPI" value={column || choices[0]?.column || ''} onChange={(e) => setColumn(e.target.value)} options={choices.map((k) => ({ value: k.column, label: k.label }))} />
        <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={global} onChange={(e) => setGlobal(e.target.checked)} className="size-4 rounded border-slate-300 text-brand-600" />
          Show in every location of the network
        </label>
      </AddDialog>
    </section>
  );
}

function DashboardSkeleton() {
  return (
    <LoadingRegion label="Loading the dashboard" className="mt-8">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-7 w-32" />
            <Skeleton className="mt-4 h-3 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="mt-6 h-56 w-full" />
    </LoadingRegion>
  );
}
