import type { DashboardMetric, RefundBody, RemoveTransactionBody, SnapshotPeriod, UpdateTransactionBody } from '@salondesk/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { transactionQueries } from './transactionQueries';

/**
 * Mutations of a business's tickets and dashboard. Each invalidates everything of the business
 * it changed (lists, details, sales, dashboard) and the network's aggregate, in its own
 * `onSuccess`; a caller's `mutate(vars, { onSuccess })` runs after it and never replaces it.
 */
function useInvalidate(businessId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: transactionQueries.business(businessId) }),
      queryClient.invalidateQueries({ queryKey: [...transactionQueries.all(), 'aggregate'] }),
    ]);
}

export function useRemoveTransaction(businessId: number) {
  const { client } = useSalondeskContext('useRemoveTransaction');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: ({ txId, body }: { txId: number; body: RemoveTransactionBody }) => client.transactions.remove(businessId, txId, body), onSuccess: invalidate });
}

export function useReactivateTransaction(businessId: number) {
  const { client } = useSalondeskContext('useReactivateTransaction');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: (txId: number) => client.transactions.reactivate(businessId, txId), onSuccess: invalidate });
}

export function useUpdateTransaction(businessId: number) {
  const { client } = useSalondeskContext('useUpdateTransaction');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: ({ txId, body }: { txId: number; body: UpdateTransactionBody }) => client.transactions.update(businessId, txId, body), onSuccess: invalidate });
}

/** A refund; pass the same `idempotencyKey` when retrying the same refund. */
export function useRefundTransaction(businessId: number) {
  const { client } = useSalondeskContext('useRefundTransaction');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: ({ txId, body }: { txId: number; body: RefundBody }) => client.transactions.refund(businessId, txId, body), onSuccess: invalidate });
}

export function useAddDashboardCard(businessId: number) {
  const { client } = useSalondeskContext('useAddDashboardCard');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: (body: { column: DashboardMetric; title?: string; order?: number }) => client.dashboard.addCard(businessId, body), onSuccess: invalidate });
}

export function useRemoveDashboardCard(businessId: number) {
  const { client } = useSalondeskContext('useRemoveDashboardCard');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: (cardId: number) => client.dashboard.removeCard(businessId, cardId), onSuccess: invalidate });
}

export function useAddDashboardKpi(businessId: number) {
  const { client } = useSalondeskContext('useAddDashboardKpi');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { column: string; global?: boolean }) => client.dashboard.addKpi(businessId, body),
    // A global KPI shows in the other locations too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }),
  });
}

export function useRemoveDashboardKpi(businessId: number) {
  const { client } = useSalondeskContext('useRemoveDashboardKpi');
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (kpiId: number) => client.dashboard.removeKpi(businessId, kpiId), onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }) });
}

/** Hides a card on the signed-in user's own dashboard (or shows it again); nobody else's changes. */
export function useHideDashboardCard(businessId: number) {
  const { client } = useSalondeskContext('useHideDashboardCard');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: ({ cardId, hidden }: { cardId: number; hidden: boolean }) => client.dashboard.hideCard(businessId, cardId, hidden), onSuccess: invalidate });
}

/** Hides a KPI on the signed-in user's own dashboard (a global one in every location), or shows it again. */
export function useHideDashboardKpi(businessId: number) {
  const { client } = useSalondeskContext('useHideDashboardKpi');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kpiId, hidden }: { kpiId: number; hidden: boolean }) => client.dashboard.hideKpi(businessId, kpiId, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }),
  });
}

export function useUpdatePeriodSnapshot(businessId: number) {
  const { client } = useSalondeskContext('useUpdatePeriodSnapshot');
  const invalidate = useInvalidate(businessId);
  return useMutation({ mutationFn: (period: SnapshotPeriod) => client.dashboard.updatePeriodSnapshot(businessId, { period }), onSuccess: invalidate });
}
