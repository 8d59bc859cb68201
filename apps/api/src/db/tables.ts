import { authThrottle, oneTimeCodes, passwordResets } from '../auth/schema';
import { categories, products, services, vendors } from '../catalogue/schema';
import { outbox } from '../outbox/schema';
import { holidays, scheduleActivityTable, schedules, scheduleSettingsTable } from '../schedule/schema';
import { businessHours, businessSettings, settingTypes } from '../settings/schema';
import { appointments, staff } from '../staff/schema';
import { systemSettings } from '../system/schema';
import { customers, customerTagLinks, customerTags } from '../customers/schema';
import { customerSegmentEditors, customerSegments } from '../segments/schema';
import { dashboardCards, dashboardHiddenCards, dashboardHiddenKpis, dashboardKpis, dashboardSettings } from '../dashboard/schema';
import { checkouts, payments, queue, refunds, salesDaily, salesDailyItems, salesDailyStaff, saleslogs, transactionHistory } from '../transactions/schema';
import { notificationReads, notifications, socketIoAttachments } from '../realtime/schema';
import { tableSettingsTable } from '../tablesettings/schema';
import { customReports, pivotReports, reportCategories, reportDeletions } from '../reports/catalogue/schema';
import { questionCards } from '../reports/questions/schema';
import { dataSources, reportRunChunks, reportRuns } from '../reports/engine/schema';
import { stockMovements } from '../inventory/schema';
import { payrollSettingsTable, staffClockPins, timesheetActivity, timesheets } from '../payroll/schema';
import { drawerLog, drawerSettingsTable, shiftAttributes, shiftFinances, shifts } from '../shifts/schema';
import { membershipEvents, membershipPlans, memberships, prepaidCards, prepaidLedger } from '../prepaid/schema';
import { purchaseOrderLines, purchaseOrderReceiptLines, purchaseOrderReceipts, purchaseOrders, purchaseOrderSettings } from '../purchase-orders/schema';
import { businessDomains, epaySettingsTable, shortLinks } from '../epay/schema';
import { payoutItems, payouts, webPayments } from '../webpayments/schema';
import { paymentAccounts, webhookEvents } from '../payments/schema';
import {
  billingPlans,
  billingCustomers,
  billingPaymentMethods,
  billingSubscriptions,
  billingSubscriptionAdjustments,
  billingSubscriptionStatuses,
  billingInstallmentPlans,
  billingInvoices,
  billingInvoiceLines,
  billingInvoiceAdjustments,
  billingInvoiceStatusHistory,
  billingPayments,
  billingRefunds,
  billingAccountBalances,
  billingAccountBalanceHistory,
  billingShareLinks,
  billingSchedulerRuns,
} from '../billing/schema';
import { waiverCategories, waiverLinks, waivers, waiverServices, waiverSignatures, waiverVersions } from '../waivers/schema';
import { campaignDeliveries, campaigns, campaignUnsubscribes, surveyInvitations, surveys } from '../campaigns/schema';
import { siteBuildLog, sitePreviews, siteVersions } from '../publishing/schema';
import { media, mediaRenditions, mediaTagLinks, mediaTags, mediaUsages } from '../media/schema';
import { userInvitations } from '../invitations/schema';
import { businesses, networks, roles, sessions, userBusinesses, userNetworks, users } from './schema';

/**
 * Every table, for Drizzle's typed client. The platform's tables live in `db/schema.ts`, each
 * area's in `<area>/schema.ts` (which imports what it references from `db/schema.ts`); add an
 * area's tables here.
 */
export const schema = {
  networks,
  businesses,
  users,
  userNetworks,
  userBusinesses,
  sessions,
  staff,
  roles,
  categories,
  services,
  products,
  systemSettings,
  oneTimeCodes,
  authThrottle,
  passwordResets,
  outbox,
  schedules,
  scheduleSettingsTable,
  holidays,
  scheduleActivityTable,
  appointments,
  settingTypes,
  businessSettings,
  businessHours,
  customers,
  customerTags,
  customerTagLinks,
  customerSegments,
  customerSegmentEditors,
  queue,
  checkouts,
  saleslogs,
  payments,
  refunds,
  transactionHistory,
  salesDaily,
  salesDailyItems,
  salesDailyStaff,
  dashboardCards,
  dashboardKpis,
  dashboardSettings,
  dashboardHiddenCards,
  dashboardHiddenKpis,
  notifications,
  notificationReads,
  socketIoAttachments,
  tableSettingsTable,
  dataSources,
  reportRuns,
  reportRunChunks,
  questionCards,
  reportCategories,
  customReports,
  pivotReports,
  reportDeletions,
  timesheets,
  timesheetActivity,
  payrollSettingsTable,
  staffClockPins,
  shifts,
  shiftAttributes,
  shiftFinances,
  drawerLog,
  drawerSettingsTable,
  prepaidCards,
  prepaidLedger,
  membershipPlans,
  memberships,
  membershipEvents,
  vendors,
  stockMovements,
  purchaseOrderSettings,
  purchaseOrders,
  purchaseOrderLines,
  purchaseOrderReceipts,
  purchaseOrderReceiptLines,
  epaySettingsTable,
  businessDomains,
  shortLinks,
  payouts,
  webPayments,
  payoutItems,
  paymentAccounts,
  webhookEvents,
  billingPlans,
  billingCustomers,
  billingPaymentMethods,
  billingSubscriptions,
  billingSubscriptionAdjustments,
  billingSubscriptionStatuses,
  billingInstallmentPlans,
  billingInvoices,
  billingInvoiceLines,
  billingInvoiceAdjustments,
  billingInvoiceStatusHistory,
  billingPayments,
  billingRefunds,
  billingAccountBalances,
  billingAccountBalanceHistory,
  billingShareLinks,
  billingSchedulerRuns,
  waivers,
  waiverVersions,
  waiverServices,
  waiverCategories,
  waiverLinks,
  waiverSignatures,
  surveys,
  campaigns,
  campaignDeliveries,
  campaignUnsubscribes,
  surveyInvitations,
  siteVersions,
  siteBuildLog,
  sitePreviews,
  media,
  mediaRenditions,
  mediaTags,
  mediaTagLinks,
  mediaUsages,
  userInvitations,
};
