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
export { suspensionQueries } from './suspensionQueries';
export { useSuspensionStatus } from './useSuspensionStatus';
export { useCan } from './useCan';
export { useSalondeskClient } from './useSalondeskClient';
export { useOnline } from './useOnline';
export { useSession, type UseSessionResult } from './useSession';
export { scheduleQueries } from './scheduleQueries';
export {
  useClearAllSchedules,
  useClearDrafts,
  useClearTemplate,
  useCopyDraftsFromTemplate,
  useCreateSchedule,
  useCopySchedules,
  useCreateScheduleBatch,
  usePublishDrafts,
  usePublishPreview,
  useRemoveSchedule,
  useRepublish,
  useRepublishPreview,
  useScheduleActivity,
  useScheduleHolidays,
  useScheduleRange,
  useScheduleStaff,
  useUpdateHolidays,
  useUpdateSchedule,
  useUpdateScheduleSettings,
} from './scheduleHooks';
export { catalogueQueries } from './catalogueQueries';
export { settingsQueries } from './settingsQueries';
export { staffQueries } from './staffQueries';
export { systemQueries } from './systemQueries';
export { tableSettingsQueries } from './tableSettingsQueries';
export { useTableSettings, type UseTableSettingsOptions, type UseTableSettingsResult } from './useTableSettings';
export { useBusinessSettings, useSettingByKey } from './useBusinessSettings';
export { useCatalogue } from './useCatalogue';
export { useCatalogueMutation } from './useCatalogueMutation';
export { useSettingCopyTargets } from './useSettingCopyTargets';
export { useCopySetting, useSaveSettingType, useSetSettingByKey, useUpdateBusinessHours, useUpdateBusinessInfo, useUpdateReportSettings, useUpdateSetting } from './useSettingsMutations';
export { invitationQueries } from './invitationQueries';
export { useCreateInvitation, useInvitations, useWithdrawInvitation } from './useInvitations';
export { userQueries } from './userQueries';
export { useUserLookup } from './useUserLookup';
export { useSettingTypes } from './useSettingTypes';
export { useStaffAppointments } from './useStaffAppointments';
export { useStaffList } from './useStaffList';
export { useStaffMonthlyReport } from './useStaffMonthlyReport';
export { useSystemSettings, useUpdateSystemSetting } from './useSystemSettings';
export { useAddStaffMember, useUpdateStaffAcl, useUpdateStaffProperty } from './useStaffMutations';
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
  useTicketSearch,
  useTransactionDay,
  useTransactionHistory,
} from './useTransactionQueries';
export {
  useAddDashboardCard,
  useAddDashboardKpi,
  useHideDashboardCard,
  useHideDashboardKpi,
  useReactivateTransaction,
  useRefundTransaction,
  useRemoveDashboardCard,
  useRemoveDashboardKpi,
  useRemoveTransaction,
  useUpdatePeriodSnapshot,
  useUpdateTransaction,
} from './useTransactionMutations';
export { ADMIN_NOTIFICATIONS_LIMIT, notificationQueries, withLiveNotification } from './notificationQueries';
export { useNotificationStream } from './useNotificationStream';
export { useBusinessRoom } from './useBusinessRoom';
export { useAdminNotifications, useMarkNotificationsRead, useSendAdminMessage, type UseAdminNotificationsOptions } from './useAdminNotifications';
export { reportEngineQueries } from './reportEngineQueries';
export {
  useAddDataSource,
  useCubePeriodReport,
  useDataSources,
  useDeleteDataSource,
  usePeriodReport,
  useReportParams,
  useReportRun,
  useRunReport,
  useTestDataSource,
  useUpdateDataSource,
} from './useReportEngine';
export { questionQueries } from './questionQueries';
export { useDeleteQuestionCard, useEmbedAddress, useQuestionCard, useQuestionCards, useQuestionDataSources, useQuestionPreview, useQuestionRun, useSaveQuestionCard, useSourceParameters } from './useQuestions';
export { reportQueries } from './reportQueries';
export {
  useCustomReport,
  useCustomReports,
  useDeletedReports,
  usePivotReport,
  usePivotReports,
  useReportCategories,
  useReportGallery,
  useReportMutation,
  useUserCustomReports,
  useUserPivotReports,
} from './useReports';
export { pivotQueries } from './pivotQueries';
export { usePivotFields, usePivotPreview, usePivotRun, usePivotSources } from './usePivot';
export { payrollQueries } from './payrollQueries';
export { inventoryQueries } from './inventoryQueries';
export { useAllServices, useInventoryMutation, useInventoryProducts, useMatchingProducts, useStockHistory, useVendors } from './useInventory';
export { usePayrollData, usePayrollInfo, useUpdatePayrollInfo } from './usePayroll';
export { webPaymentQueries } from './webPaymentQueries';
export { useImportPayouts, usePayout, usePayoutCharges, usePayoutGrid, usePayouts, usePayoutSchedule, useUpdatePayoutSchedule, useWebPayments } from './useWebPayments';
export { staffVisitQueries } from './staffVisitQueries';
export { useStaffVisitDetail, useStaffVisits } from './useStaffVisits';
export { appointmentsViewQueries } from './appointmentsViewQueries';
export { useAppointmentsView } from './useAppointmentsView';
export { timesheetQueries } from './timesheetQueries';
export {
  useClockIn,
  useClockOut,
  useClockOutSlot,
  useClockPin,
  useClockStaff,
  useOpenTimesheets,
  useSetClockPin,
  useTimesheetActivity,
  useTimesheets,
  useUpdateTimesheetDay,
} from './useTimesheets';
export { shiftQueries } from './shiftQueries';
export {
  useAddFinance,
  useCloseShift,
  useCurrentShift,
  useDeleteFinance,
  useDrawerLog,
  useDrawerSettings,
  useOpenShift,
  useReopenShift,
  useShift,
  useShiftReport,
  useUpdateDrawerSettings,
  useUpdateFinance,
} from './useShifts';
export { prepaidQueries } from './prepaidQueries';
export {
  useCardAction,
  useClubMemberships,
  useMembership,
  useMembershipAction,
  useMembershipSearch,
  usePrepaidCard,
  usePrepaidSearch,
  type CardAction,
  type MembershipActionInput,
} from './usePrepaid';
// Purchase orders (issue 14, po)
export { purchaseOrderQueries } from './purchaseOrderQueries';
export {
  usePoSettings,
  usePurchaseOrder,
  usePurchaseOrderChange,
  usePurchaseOrders,
  useReorderSuggestions,
  useUpdatePoSettings,
  type PurchaseOrderChange,
} from './usePurchaseOrders';
// Epay settings, the domain allow-list and short links (issue 15, epay).
export { epayQueries } from './epayQueries';
export { useEpayMutations, useEpaySettings, useShortLinks } from './useEpay';
export { billingQueries, type BillingResult, type BillingTarget } from './billingQueries';
export {
  useAddPaymentMethod,
  useAddSharedPaymentMethod,
  useBillingMutation,
  useBillingQuery,
  useInvoicePdf,
  useSharedPaymentMethodLink,
  useUpdateSuspension,
} from './useBilling';
// Clients and tags (issue 18)
export {
  type ClientListInput,
  clientQueries,
  useClientDuplicates,
  useClientList,
  useClientPersonalData,
  useClientProfile,
  useClientTags,
  useClientVisits,
  useEraseClient,
  useMergeClients,
  useSetClientTags,
  useTagMutations,
  useUpdateClient,
} from './useClients';
export { segmentQueries } from './segmentQueries';
export { useSegment, useSegmentCount, useSegmentEditorCandidates, useSegmentMutations, useSegments, useSegmentTags } from './useSegments';
export { waiverQueries } from './waiverQueries';
export {
  useCustomerWaiverSignatures,
  useSignWaiver,
  useWaiverChanges,
  useWaiverReport,
  useWaivers,
  useWaiverSignature,
  useWaiverSignatures,
  useWaiverSigningPage,
  useWaiverVersions,
} from './useWaivers';
export { campaignQueries } from './campaignQueries';
export {
  type CampaignChange,
  useCampaign,
  useCampaignAudience,
  useCampaignChange,
  useCampaignDeliveries,
  useCampaignSegmentChoices,
  useCampaignReport,
  useCampaigns,
  useUserCampaigns,
  usePublicSurvey,
  usePublicUnsubscribe,
  useRemoveCampaign,
  useSurveyChange,
  useSurveyResults,
  useSurveys,
} from './useCampaigns';
export { publishingQueries } from './publishingQueries';
export {
  usePreviewReadiness,
  usePublishingMutations,
  usePublishSteps,
  useSiteVersion,
  useSiteVersions,
  type PreviewReadiness,
  type UsePreviewReadinessOptions,
} from './usePublishing';
// Media library (issue 18, media)
export { mediaQueries } from './mediaQueries';
export { type ImageUpload, type MediaChange, useChooseServiceImage, useChooseStaffPhoto, useMediaChange, useMediaLibrary, useUploadImage } from './useMedia';
