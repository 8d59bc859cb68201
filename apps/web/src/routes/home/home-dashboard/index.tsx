import { dashboardRights, dayLabel, FIGURES, userCan, type DashboardRights } from '@salondesk/core';
import { useDashboardChart, useDashboardHome, useSession } from '@salondesk/react';
import { figureSeries, useDayChart } from '../../../app/figureChart';
import { LoadError } from '../../../app/LoadError';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useBusinessId } from '../../../app/useBusinessId';
import { useErrorToast } from '../../../app/useErrorToast';
import { Chart } from '../../../ui/Chart';
import { FigureLabel } from '../../../ui/FigureLabel';
import { Skeleton } from '../../../ui/Skeleton';
import { Cards } from './Cards';
import { DashboardSkeleton } from './DashboardSkeleton';
import { Kpis } from './Kpis';
import { Queue } from './Queue';

/** `/{businessId}/home`: how the business did today against yesterday and last month's end. */
export function Component() {
  const businessId = useBusinessId();
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
