export { businessQueries } from './businessQueries';
export { createQueryClient, shouldRetry } from './createQueryClient';
export {
  SalondeskProvider,
  useSalondeskContext,
  type SalondeskContextValue,
  type SalondeskProviderProps,
} from './SalondeskProvider';
export { useAdminBusinesses } from './useAdminBusinesses';
export { useBusiness } from './useBusiness';
export { useSalondeskClient } from './useSalondeskClient';
export { useSession, type UseSessionResult } from './useSession';
export { transactionQueries } from './transactionQueries';
export {
  useAggregateSales,
  useBypassTransactions,
  useDashboardChart,
  useDashboardHome,
  useLoyalty,
  useProviderTransactions,
  useQueueSummary,
  useSalesSummary,
  useTransaction,
  useTransactionDay,
  useTransactionHistory,
} from './useTransactionQueries';
export {
  useAddDashboardCard,
  useAddDashboardKpi,
  useReactivateTransaction,
  useRefundTransaction,
  useRemoveDashboardCard,
  useRemoveDashboardKpi,
  useRemoveTransaction,
  useUpdatePeriodSnapshot,
  useUpdateTransaction,
} from './useTransactionMutations';
