import type { AnyEndpoint } from './endpoint';
import { type AnyOperation, proxyClient, proxyEndpoints } from './proxy';
import { authEndpoints } from './auth';
import { businessEndpoints } from './businesses';
import { catalogueClient, catalogueEndpoints } from './catalogue';
import { notificationEndpoints, notificationsClient } from './notifications';
import { outboxEndpoints } from './outbox';
import { scheduleClient, scheduleEndpoints } from './schedule';
import { settingsClient, settingsEndpoints, settingsOperations, systemOperations } from './settings';
import { type ClientOptions, createSignInClient, transportOf } from './signInClient';
import { staffClient, staffEndpoints, staffOperations } from './staff';
import { dashboardClient, dashboardEndpoints } from './dashboard';
import { exportEndpoints, exportsClient } from './exports';
import { salesClient, salesEndpoints } from './sales';
import { tableSettingsClient, tableSettingsEndpoints } from './tableSettings';
import { reportEndpoints, reportsClient } from './reports';
import { transactionEndpoints, transactionOperations, transactionsClient } from './transactions';
import { questionEndpoints, questionsClient } from './questions';
import { pivotClient, pivotEndpoints } from './pivot';
import { reportEngineClient, reportEngineEndpoints, reportEngineExports, reportEngineOperations } from './reportEngine';
import { payrollClient, payrollEndpoints, payrollExports } from './payroll';
import { visitEndpoints, visitExports, visitsClient } from './visits';
import { appointmentsViewClient, appointmentsViewEndpoints } from './appointmentsView';
import { timesheetEndpoints, timesheetsClient } from './timesheets';
import { shiftEndpoints, shiftExports, shiftsClient } from './shifts';
import { prepaidClient, prepaidEndpoints, prepaidExports } from './prepaid';
import { inventoryClient, inventoryEndpoints, inventoryExports } from './inventory';
import { purchaseOrderEndpoints, purchaseOrderExports, purchaseOrdersClient } from './purchaseOrders';
import { webhookEndpoints, webhooksClient } from './webhooks';
import { epayClient, epayEndpoints } from './epay';
import { webPaymentEndpoints, webPaymentExports, webPaymentOperations, webPaymentsClient } from './webPayments';
import { billingClient, billingEndpoints, paymentMethodShareEndpoints } from './billing';
import { billingExports } from './billingExports';
import { suspensionClient, suspensionEndpoints } from './suspension';
import { clientEndpoints, clientExports, clientsClient } from './clients';
import { segmentExports, segmentOperations, segmentsClient } from './segments';
import { waiverExports, waiverOperations, waiversClient, waiverSigningEndpoints } from './waivers';
import { campaignEndpoints, campaignExports, campaignPublicEndpoints, campaignsClient, surveyEndpoints } from './campaigns';
import { publishingClient, publishingEndpoints } from './publishing';
import { mediaClient, mediaEndpoints } from './media';
import { invitationEndpoints, invitationsClient } from './invitations';
import { userEndpoints, usersClient } from './users';
import { businessInfoClient, businessInfoEndpoints } from './businessInfo';

/** The Salondesk API client: one object per area, over one transport. */
export function createClient(options: ClientOptions) {
  const transport = transportOf(options);
  return {
    ...createSignInClient({ transport }),
    schedule: scheduleClient(transport),
    staff: staffClient(transport),
    catalogue: catalogueClient(transport),
    settings: settingsClient(transport),
    /** The generic proxy request: `client.proxy.call(operation, businessId, input)`. */
    proxy: proxyClient(transport),
    transactions: transactionsClient(transport),
    sales: salesClient(transport),
    dashboard: dashboardClient(transport),
    /** Admin notifications: list, send a message to every admin, mark read. */
    notifications: notificationsClient(transport),
    /** Exports (CSV, XLSX) of every list and report, downloaded as files. */
    exports: exportsClient(transport),
    /** Saved table settings, per user, business and table: `get`, `update`. */
    tableSettings: tableSettingsClient(transport),
    /** The report catalogue: custom and pivot reports, categories, deletion, gallery. */
    reports: reportsClient(transport),
    /** Saved questions (cards), their queries, and the signed address of an embed report. */
    questions: questionsClient(transport),
    /** Pivot reports: run a saved pivot a page at a time, preview a configuration, a source's fields. */
    pivot: pivotClient(transport),
    /** Report runs, parameters, data sources, period reports and kept runs. */
    reportEngine: reportEngineClient(transport),
    /** Payroll settings, pay periods, and payroll per employee with the services each sold. */
    payroll: payrollClient(transport),
    /** The staff visit report (`staffvisitdata`). */
    visits: visitsClient(transport),
    /** The appointments view by staff (`appointments/taskresourcemap`). */
    appointmentsView: appointmentsViewClient(transport),
    /** Timesheets (slots, a day's corrections, clock-outs, the activity) and the staff clock with its PINs. */
    timesheets: timesheetsClient(transport),
    /** Cash-drawer shifts: the shift report, opening, closing, reopening, finances, the drawer log and settings. */
    shifts: shiftsClient(transport),
    /** Prepaid cards (search, ledger, load, adjust, void) and memberships (plans, search, pause, resume, cancel). */
    prepaid: prepaidClient(transport),
    /** Inventory: products with on-hand, vendors, stock adjustments and ledgers, barcodes, services of locations. */
    inventory: inventoryClient(transport),
    /** Purchase orders: the PO config (`po-settings`), reorder suggestions, orders from draft to closed. */
    purchaseOrders: purchaseOrdersClient(transport),
    /** Payment-provider webhooks: replay logged events (admins). */
    webhooks: webhooksClient(transport),
    /** Epay: settings, the Ably key, the domain allow-list, short links, the provider dashboard link. */
    epay: epayClient(transport),
    /** Web payments and payouts: the rows, payouts reconciled and itemised, the grid, the import, the payout schedule. */
    webPayments: webPaymentsClient(transport),
    /** Billing: `client.billing.<group>.<op>(at, input)` for each of the 52 dests of spec 000 §7 Billing. */
    billing: billingClient(transport),
    /** A business’s suspension: set the day it starts and why, or lift it (admins); what it owes and whom to contact (its users). */
    suspension: suspensionClient(transport),
    /** Clients (list, profile, update, merge, personal data, erase) and the network's tags. */
    clients: clientsClient(transport),
    /** Customer segments (io-request): list, get, create, update, remove, copy, editors, the live count, the cache. */
    segments: segmentsClient(transport),
    /** Waivers: versions, assignment, signing links, signatures, the report; the public signing page's calls. */
    waivers: waiversClient(transport),
    /** Campaigns (email, text), their delivery figures, NPS surveys, and the public survey and unsubscribe pages' calls. */
    campaigns: campaignsClient(transport),
    /** Website and app publishing: publish, versions with their build logs, make live (rollback), delete a draft, preview links, `checkwebsitepreview`. */
    publishing: publishingClient(transport),
    /** The media library: images with renditions, upload with progress, rename, tags, delete. */
    media: mediaClient(transport),
    /** Invitations: invite a manager or front desk by email with their acl, list, withdraw; the `register-user` page's calls. */
    invitations: invitationsClient(transport),
    /** The platform admin's look-up of users across businesses (`getuser`). */
    users: usersClient(transport),
    /** The business info the settings screen edits: web payment provider, loyalty, payment information. */
    businessInfo: businessInfoClient(transport),
  };
}
export type SalondeskClient = ReturnType<typeof createClient>;

/** Every endpoint of the contract, by area. The server registers exactly these. */
export const endpoints = {
  auth: authEndpoints,
  businesses: businessEndpoints,
  outbox: outboxEndpoints,
  schedule: scheduleEndpoints,
  staff: staffEndpoints,
  catalogue: catalogueEndpoints,
  settings: settingsEndpoints,
  proxy: proxyEndpoints,
  transactions: transactionEndpoints,
  sales: salesEndpoints,
  dashboard: dashboardEndpoints,
  notifications: notificationEndpoints,
  exports: exportEndpoints,
  tableSettings: tableSettingsEndpoints,
  reports: reportEndpoints,
  pivot: pivotEndpoints,
  reportEngine: reportEngineEndpoints,
  reportEngineExports: reportEngineExports,
  questions: questionEndpoints,
  payroll: payrollEndpoints,
  payrollExports: payrollExports,
  visits: visitEndpoints,
  visitExports: visitExports,
  appointmentsView: appointmentsViewEndpoints,
  timesheets: timesheetEndpoints,
  shifts: shiftEndpoints,
  shiftExports: shiftExports,
  prepaid: prepaidEndpoints,
  prepaidExports: prepaidExports,
  inventory: inventoryEndpoints,
  inventoryExports: inventoryExports,
  purchaseOrders: purchaseOrderEndpoints,
  purchaseOrderExports: purchaseOrderExports,
  webhooks: webhookEndpoints,
  epay: epayEndpoints,
  webPayments: webPaymentEndpoints,
  webPaymentExports: webPaymentExports,
  billingExports: billingExports,
  suspension: suspensionEndpoints,
  billing: billingEndpoints,
  billingShare: paymentMethodShareEndpoints,
  clients: clientEndpoints,
  clientExports: clientExports,
  waiverSigning: waiverSigningEndpoints,
  waiverExports: waiverExports,
  segmentExports: segmentExports,
  campaigns: campaignEndpoints,
  surveys: surveyEndpoints,
  campaignExports: campaignExports,
  campaignPublic: campaignPublicEndpoints,
  publishing: publishingEndpoints,
  media: mediaEndpoints,
  invitations: invitationEndpoints,
  users: userEndpoints,
  businessInfo: businessInfoEndpoints,
} as const;

/** Every endpoint as a flat list, for registries and the cross-business matrix test. */
export const allEndpoints: readonly AnyEndpoint[] = /* @__PURE__ */ Object.values(endpoints).flatMap((area) => Object.values(area));

/** Every operation of the proxy request, by area. The server dispatches to exactly these. */
export const operations = {
  staff: staffOperations,
  settings: settingsOperations,
  system: systemOperations,
  transactions: transactionOperations,
  reportEngine: reportEngineOperations,
  webPayments: webPaymentOperations,
  segments: segmentOperations,
  waivers: waiverOperations,
} as const satisfies Record<string, Record<string, AnyOperation>>;

/** Every proxy operation as a flat list. */
export const allOperations: readonly AnyOperation[] = /* @__PURE__ */ Object.values(operations as Record<string, Record<string, AnyOperation>>).flatMap((area) => Object.values(area));
