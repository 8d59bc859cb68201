import type { DashboardCard, DashboardKpi } from '@salondesk/core';
import { useAddDashboardCard, useAddDashboardKpi, useHideDashboardCard, useHideDashboardKpi, useRemoveDashboardCard, useRemoveDashboardKpi } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';

/** A card or KPI as the dashboard acts on it: what it is, and how to put it back after a removal. */
export type Item =
  | { kind: 'card'; id: number; title: string; card: DashboardCard }
  | { kind: 'kpi'; id: number; title: string; kpi: DashboardKpi };

/**
 * Removing, undoing and hiding cards and KPIs. Removing changes the business's dashboard for
 * everyone: it asks first, then offers Undo (the item is added back as it was, in its place).
 * Hiding changes only the signed-in user's own dashboard.
 */
export function useItemActions(businessId: number) {
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
export type ItemActions = ReturnType<typeof useItemActions>;
