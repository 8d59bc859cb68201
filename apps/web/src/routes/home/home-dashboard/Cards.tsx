import { type DashboardCard, type DashboardHome, type DashboardMetric, type DashboardRights, FIGURES, figureValue, MESSAGES, percentChange } from '@salondesk/core';
import { useAddDashboardCard } from '@salondesk/react';
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

/** "Today compared": a card per figure, today so far against yesterday (to the same time and all of it) and last month's end; add, hide, remove with Undo. */
export function Cards({ businessId, businessName, home, display, rights }: { businessId: number; businessName: string; home: DashboardHome; display: Display; rights: DashboardRights }) {
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
      <RemoveItemDialog actions={actions} businessName={businessName} />
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
