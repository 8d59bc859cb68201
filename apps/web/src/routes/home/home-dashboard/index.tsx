import {
  dashboardRights,
  dayLabel,
  FIGURES,
  figureValue,
  mayChangeKpi,
  MESSAGES,
  percentChange,
  SNAPSHOT_PERIOD_LABEL,
  userCan,
  type DashboardCard,
  type DashboardHome,
  type DashboardKpi,
  type DashboardMetric,
  type DashboardRights,
  type SnapshotPeriod,
} from '@salondesk/core';
import {
  useAddDashboardCard,
  useAddDashboardKpi,
  useDashboardChart,
  useDashboardHome,
  useHideDashboardCard,
  useHideDashboardKpi,
  useRemoveDashboardCard,
  useRemoveDashboardKpi,
  useSession,
  useUpdatePeriodSnapshot,
} from '@salondesk/react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { figureSeries, useDayChart } from '../../../app/figureChart';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { FigureLabel } from '../../../ui/FigureLabel';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { Modal } from '../../../ui/Modal';
import { Chart } from '../../../ui/Chart';
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
      <LoadError headingLevel={1} error={business.error} onRetry={() => void business.refetch()} retrying={business.isFetching} />
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
  const dayChart = useDayChart(businessId, canSeeTickets);
  // What this user may change here: the server enforces the same rule.
  const rights: DashboardRights = session && home.data ? dashboardRights(session.user, home.data.seesEveryLocation) : { cards: false, kpis: false, globalKpis: false, hide: true };
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
        <LoadError className="mt-8" error={home.error} onRetry={() => void home.refetch()} retrying={home.isFetching} />
      ) : !home.data ? (
        <DashboardSkeleton />
      ) : (
        <>
          <Cards businessId={businessId} businessName={name} home={home.data} display={display} rights={rights} />
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <section aria-labelledby="chart-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 lg:col-span-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="chart-title" className="text-base font-semibold text-slate-900">
                  {FIGURES.net.label} · {FIGURES.tickets.label}, last 30 days
                </h2>
                <p className="text-sm text-slate-600">
                  <FigureLabel label={FIGURES.net.label} meaning={FIGURES.net.meaning} align="end" /> month to date{' '}
                  <span className="font-semibold tabular-nums text-slate-900">{display.money(home.data.today.monthtotal)}</span>
                </p>
              </div>
              {chart.data ? (
                <Chart
                  title={`${FIGURES.net.label} · ${FIGURES.tickets.label}, last 30 days`}
                  days={chart.data.points.map((p) => p.day)}
                  series={[
                    figureSeries(display, 'net', chart.data.points.map((p) => p.net), 'bar'),
                    figureSeries(display, 'tickets', chart.data.points.map((p) => p.tickets), 'line'),
                  ]}
                  {...dayChart}
                />
              ) : chart.isError ? (
                <p className="mt-4 text-sm text-red-700">{chart.error.message}</p>
              ) : (
                <Skeleton className="mt-4 h-64 w-full" />
              )}
            </section>
            <Queue home={home.data} businessId={businessId} linkToTickets={canSeeTickets} />
          </div>
          <Kpis businessId={businessId} businessName={name} home={home.data} display={display} rights={rights} />
        </>
      )}
    </>
  );
}

type Display = ReturnType<typeof useBusinessDisplay>;

/** A card or KPI as the dashboard acts on it: what it is, and how to put it back after a removal. */
type Item =
  | { kind: 'card'; id: number; title: string; card: DashboardCard }
  | { kind: 'kpi'; id: number; title: string; kpi: DashboardKpi };

/**
 * Removing, undoing and hiding cards and KPIs. Removing changes the business's dashboard for
 * everyone: it asks first, then offers Undo (the item is added back as it was, in its place).
 * Hiding changes only the signed-in user's own dashboard.
 */
function useItemActions(businessId: number) {
  const removeCard = useRemoveDashboardCard(businessId);
  const removeKpi = useRemoveDashboardKpi(businessId);
  const addCard = useAddDashboardCard(businessId);
  const addKpi = useAddDashboardKpi(businessId);
  const hideCard = useHideDashboardCard(businessId);
  const hideKpi = useHideDashboardKpi(businessId);
  const [confirming, setConfirming] = useState<Item | null>(null);
  const [removed, setRemoved] = useState<Item | null>(null);
  const fail = (error: Error) => toasts.error(error.message);

  const remove = (item: Item) => {
    const done = {
      onSuccess: () => {
        setConfirming(null);
        setRemoved(item);
      },
      onError: fail,
    };
    if (item.kind === 'card') removeCard.mutate(item.id, done);
    else removeKpi.mutate(item.id, done);
  };
  const undo = (item: Item) => {
    const done = { onSuccess: () => setRemoved(null), onError: fail };
    if (item.kind === 'card') addCard.mutate({ column: item.card.column, title: item.card.title, order: item.card.order }, done);
    else addKpi.mutate({ column: item.kpi.column, global: item.kpi.global }, done);
  };
  const hide = (item: Item, hidden: boolean) => {
    const done = { onSuccess: () => setConfirming(null), onError: fail };
    if (item.kind === 'card') hideCard.mutate({ cardId: item.id, hidden }, done);
    else hideKpi.mutate({ kpiId: item.id, hidden }, done);
  };
  const hiding = (item: Item) =>
    item.kind === 'card' ? hideCard.isPending && hideCard.variables?.cardId === item.id : hideKpi.isPending && hideKpi.variables?.kpiId === item.id;
  return {
    confirming,
    ask: setConfirming,
    removed,
    dismissRemoved: () => setRemoved(null),
    remove,
    removing: removeCard.isPending || removeKpi.isPending,
    undo,
    undoing: addCard.isPending || addKpi.isPending,
    hide,
    hiding,
  };
}
type ItemActions = ReturnType<typeof useItemActions>;

/** Asks before an item goes from the business's dashboard; offers hiding it for oneself instead. */
function RemoveDialog({ actions, businessName }: { actions: ItemActions; businessName: string }) {
  const item = actions.confirming;
  const everywhere = item?.kind === 'kpi' && item.kpi.global;
  return (
    <Modal
      open={item !== null}
      onClose={() => actions.ask(null)}
      role="alertdialog"
      title={item ? `Remove ${item.title} for everyone?` : ''}
      description={
        everywhere
          ? `It goes from the dashboard of every location of the network, for everyone. To take it off only your own dashboard, hide it instead.`
          : `It goes from ${businessName}'s dashboard for everyone who opens it. To take it off only your own dashboard, hide it instead.`
      }
      actions={
        item ? (
          <>
            <Button variant="danger" loading={actions.removing} onClick={() => actions.remove(item)}>
              Remove for everyone
            </Button>
            <Button variant="secondary" onClick={() => actions.hide(item, true)}>
              Hide for me only
            </Button>
            <Button variant="ghost" onClick={() => actions.ask(null)}>
              Cancel
            </Button>
          </>
        ) : null
      }
    />
  );
}

/** After a removal: what went, and Undo (no time limit: it stays until dismissed or undone). */
function RemovedNotice({ actions, kind }: { actions: ItemActions; kind: Item['kind'] }) {
  const item = actions.removed?.kind === kind ? actions.removed : null;
  return (
    <div role="status" className="empty:hidden">
      {item ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <span>Removed {item.title} for everyone.</span>
          <Button size="sm" variant="secondary" loading={actions.undoing} onClick={() => actions.undo(item)} aria-label={`Undo removing ${item.title}`}>
            Undo
          </Button>
          <Button size="sm" variant="ghost" onClick={actions.dismissRemoved} aria-label={`Dismiss: ${item.title} removed`}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The items this user hid on their own dashboard, each with Show. */
function HiddenItems({ items, actions, noun }: { items: Item[]; actions: ItemActions; noun: string }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>
        Hidden on your dashboard only ({items.length} {noun}
        {items.length === 1 ? '' : 's'}):
      </span>
      {items.map((item) => (
        <Button key={`${item.kind}-${item.id}`} size="sm" variant="ghost" onClick={() => actions.hide(item, false)} aria-label={`Show ${item.title} again`}>
          {item.title} · Show
        </Button>
      ))}
    </div>
  );
}

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

function Cards({ businessId, businessName, home, display, rights }: { businessId: number; businessName: string; home: DashboardHome; display: Display; rights: DashboardRights }) {
  const add = useAddDashboardCard(businessId);
  const actions = useItemActions(businessId);
  const [adding, setAdding] = useState(false);
  const [column, setColumn] = useState<string>('');
  const present = new Set(home.cards.map((c) => c.column));
  const choices = (Object.keys(FIGURES) as DashboardMetric[]).filter((c) => !present.has(c));
  const format = (column: DashboardMetric, value: number) => display.metric(value, FIGURES[column].format);
  const itemOf = (card: DashboardCard): Item => ({ kind: 'card', id: card.id, title: card.title, card });
  const shown = home.cards.filter((c) => !c.hidden);
  const soFar = `Yesterday to ${display.time(home.yesterdaySoFar.until)}`;

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
        <div>
          <h2 id="cards-title" className="text-base font-semibold text-slate-900">
            Today compared
          </h2>
          <p className="text-xs text-slate-500">Today so far against yesterday up to the same time, all of yesterday, and the last day of last month.</p>
        </div>
        {rights.cards ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)} disabled={choices.length === 0}>
            Add card
          </Button>
        ) : null}
      </div>
      <RemovedNotice actions={actions} kind="card" />
      {shown.length === 0 ? (
        <EmptyState className="mt-4" title="No cards on the dashboard" description={rights.cards ? 'Add a card to follow a figure every day.' : 'Cards you hid are listed below.'} />
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {shown.map((card) => {
            const today = figureValue(card.column, home.today.totals);
            const sameTime = figureValue(card.column, home.yesterdaySoFar.totals);
            const yesterday = figureValue(card.column, home.yesterday.totals);
            const monthEnd = figureValue(card.column, home.lastMonthEnd.totals);
            const item = itemOf(card);
            return (
              <StatCard
                key={card.id}
                title={card.title}
                figure={FIGURES[card.column].label}
                meaning={FIGURES[card.column].meaning}
                value={format(card.column, today)}
                caption="Today so far"
                comparisons={[
                  { label: soFar, value: format(card.column, sameTime), change: percentChange(today, sameTime) },
                  { label: 'All of yesterday', value: format(card.column, yesterday), change: percentChange(today, yesterday) },
                  { label: `Last month end (${home.lastMonthEnd.day.slice(5)})`, value: format(card.column, monthEnd), change: percentChange(today, monthEnd) },
                ]}
                onHide={() => actions.hide(item, true)}
                hiding={actions.hiding(item)}
                {...(rights.cards ? { onRemove: () => actions.ask(item) } : {})}
              />
            );
          })}
        </div>
      )}
      <HiddenItems items={home.cards.filter((c) => c.hidden).map(itemOf)} actions={actions} noun="card" />
      <RemoveDialog actions={actions} businessName={businessName} />
      <AddDialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add a card"
        description="The card compares today with yesterday and the end of last month, for everyone who opens this dashboard."
        submitLabel="Add card"
        onSubmit={submit}
        loading={add.isPending}
      >
        <SelectField
          label="Figure"
          value={column || choices[0] || ''}
          onChange={(e) => setColumn(e.target.value)}
          options={choices.map((c) => ({ value: c, label: FIGURES[c].label }))}
          hint={FIGURES[(column || choices[0] || 'net') as DashboardMetric].meaning}
        />
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

function Kpis({ businessId, businessName, home, display, rights }: { businessId: number; businessName: string; home: DashboardHome; display: Display; rights: DashboardRights }) {
  const add = useAddDashboardKpi(businessId);
  const actions = useItemActions(businessId);
  const period = useUpdatePeriodSnapshot(businessId);
  const [adding, setAdding] = useState(false);
  const [column, setColumn] = useState('');
  const [global, setGlobal] = useState(false);
  const present = new Set(home.kpis.map((k) => k.column));
  const choices = home.available.kpis.filter((k) => !present.has(k.column));
  const itemOf = (kpi: DashboardKpi): Item => ({ kind: 'kpi', id: kpi.id, title: kpi.label, kpi });
  const shown = home.kpis.filter((k) => !k.hidden);
  const chosen = (column || choices[0]?.column) as DashboardMetric | undefined;

  const submit = () => {
    if (!chosen) return;
    add.mutate(
      { column: chosen, global: global && rights.globalKpis },
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
            disabled={period.isPending || !rights.kpis}
            onChange={(e) =>
              period.mutate(e.target.value as SnapshotPeriod, {
                onSuccess: (answer) => toasts.success(answer.message ?? MESSAGES.updatedBang),
                onError: (error) => toasts.error(error.message),
              })
            }
            options={(Object.keys(SNAPSHOT_PERIOD_LABEL) as SnapshotPeriod[]).map((p) => ({ value: p, label: SNAPSHOT_PERIOD_LABEL[p] }))}
          />
          {rights.kpis ? (
            <Button variant="secondary" onClick={() => setAdding(true)} disabled={choices.length === 0}>
              Add KPI
            </Button>
          ) : null}
        </div>
      </div>
      <RemovedNotice actions={actions} kind="kpi" />
      {shown.length === 0 ? (
        <EmptyState className="mt-4" title="No KPIs yet" description={rights.kpis ? 'Add a KPI to compare this period with the one before.' : 'Someone with the Edit settings permission can add KPIs.'} />
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {shown.map((kpi) => {
            const item = itemOf(kpi);
            return (
              <StatCard
                key={kpi.id}
                title={kpi.label}
                figure={FIGURES[kpi.column].label}
                meaning={FIGURES[kpi.column].meaning}
                value={display.metric(kpi.current, kpi.format)}
                caption={`${SNAPSHOT_PERIOD_LABEL[home.period]}${kpi.global ? ' · all locations' : ''}`}
                comparisons={[{ label: 'Previous period', value: display.metric(kpi.previous, kpi.format), change: percentChange(kpi.current, kpi.previous) }]}
                onHide={() => actions.hide(item, true)}
                hiding={actions.hiding(item)}
                {...(mayChangeKpi(rights, kpi) ? { onRemove: () => actions.ask(item) } : {})}
              />
            );
          })}
        </div>
      )}
      <HiddenItems items={home.kpis.filter((k) => k.hidden).map(itemOf)} actions={actions} noun="KPI" />
      <RemoveDialog actions={actions} businessName={businessName} />
      <AddDialog open={adding} onClose={() => setAdding(false)} title="Add a KPI" submitLabel="Add KPI" onSubmit={submit} loading={add.isPending}>
        <SelectField
          label="KPI"
          value={chosen ?? ''}
          onChange={(e) => setColumn(e.target.value)}
          options={choices.map((k) => ({ value: k.column, label: k.label }))}
          {...(chosen ? { hint: FIGURES[chosen].meaning } : {})}
        />
        {rights.globalKpis ? (
          <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={global} onChange={(e) => setGlobal(e.target.checked)} className="size-4 rounded border-slate-300 text-brand-600" />
            Show in every location of the network
          </label>
        ) : null}
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
