import { type DashboardHome, type DashboardKpi, type DashboardMetric, type DashboardRights, FIGURES, mayChangeKpi, MESSAGES, percentChange, SNAPSHOT_PERIOD_LABEL, type SnapshotPeriod } from '@salondesk/core';
import { useAddDashboardKpi, useUpdatePeriodSnapshot } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/SelectField';
import { StatCard } from '../../../ui/StatCard';
import { AddDialog } from './AddDialog';
import { HiddenItems } from './HiddenItems';
import { RemovedNotice } from './RemovedNotice';
import { RemoveItemDialog } from './RemoveItemDialog';
import { type Item, useItemActions } from './useItemActions';

type Display = ReturnType<typeof useBusinessDisplay>;

/** The KPIs: each figure over the period chosen against the one before (the period is the business's); add, hide, remove with Undo. */
export function Kpis({ businessId, businessName, home, display, rights }: { businessId: number; businessName: string; home: DashboardHome; display: Display; rights: DashboardRights }) {
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
      <RemoveItemDialog actions={actions} businessName={businessName} />
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
