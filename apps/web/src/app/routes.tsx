import { REPORT_SLUGS } from '@salondesk/core';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from './FullPageSpinner';
import { RouteErrorBoundary, ScreenErrorBoundary } from './RouteErrorBoundary';

/**
 * The screens of the report slug registry (core's `REPORT_SLUGS`, spec 000 §2), by slug. A part
 * that builds one adds its module here and turns the slug's `screen` on; routes and navigation
 * both read the registry.
 */
export const REPORT_SCREENS: Readonly<Partial<Record<string, NonNullable<RouteObject['lazy']>>>> = {
  sales: () => import('../routes/sales/sales-summary'),
  'aggregate-sales': () => import('../routes/reports/reports-aggregate-sales'),
  prepaidbalance: () => import('../routes/reports/engine/engine-period-prepaid'),
  'staffsales/byvisit': () => import('../routes/reports/engine/engine-period-staffsales'),
  timesheets: () => import('../routes/timesheets/timesheets-daily'),
  'shift-reports': () => import('../routes/shifts/shifts-daily'),
  webpayments: () => import('../routes/webpayments/webpayments-daily'),
  // Standalone billing (spec 000 §2): the billing screen, also at /{businessId}/billing.
  billingv2: () => import('../routes/billing/billing-overview'),
};

const reportSlugRoutes: RouteObject[] = REPORT_SLUGS.flatMap((entry) => {
  const lazy = entry.screen ? REPORT_SCREENS[entry.slug] : undefined;
  return lazy ? [{ path: entry.path, lazy }] : [];
});

/**
 * Every screen, each loaded on demand from `routes/<area>/<area>-<view>/` (its module exports
 * `Component`). /login stands alone so it shows without the SDK; every other screen sits under
 * `DashboardRoot`, which provides the SDK and guards them (spec 000 §2).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Outlet,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageSpinner,
    children: [
      { path: 'login', lazy: () => import('../routes/auth/auth-login') },
      { path: 'login/forgot', lazy: () => import('../routes/auth/auth-forgot') },
      { path: 'login/reset/:token', lazy: () => import('../routes/auth/auth-reset') },
      // An invitation's link (route rule `register-user`: a public path, no session restored): create the account, then signed in.
      { path: 'register-user/:businessId/:token', lazy: () => import('../routes/auth/auth-register') },
      { path: 'dev/outbox', lazy: () => import('../routes/dev/dev-outbox') },
      // The public add-a-payment-method page of a share link (route rule `payment-method`: no sign-in, no business check).
      { path: 'payment-method/:token', lazy: () => import('../routes/billing/billing-payment-method') },
      // The public waiver signing page of a signing link (no sign-in; the unguessable token is the key).
      { path: 'waiver/:token', lazy: () => import('../routes/waivers/waivers-sign') },
      // A campaign's survey and unsubscribe links (public paths: no sign-in).
      { path: 'public/share/survey/:token', lazy: () => import('../routes/campaigns/campaigns-public-survey') },
      { path: 'public/share/unsubscribe/:token', lazy: () => import('../routes/campaigns/campaigns-public-unsubscribe') },
      // Embed messaging: the dashboard side a parent page frames (its own SDK, no guard: it answers `loginResponse` signed out too), and the demo parent page the demo serves on a second origin.
      { path: 'embed/:businessId', lazy: () => import('../routes/embed/embed-bridge') },
      { path: 'embed-demo', lazy: () => import('../routes/embed/embed-demo') },
      {
        id: 'dashboard',
        lazy: () => import('./DashboardRoot'),
        children: [
          { index: true, lazy: () => import('../routes/workspace/workspace-start') },
          { path: 'not-authorized', lazy: () => import('../routes/system/system-not-authorized') },
          { path: 'error', lazy: () => import('../routes/system/system-error') },
          {
            path: ':businessId',
            lazy: () => import('../routes/workspace/workspace-layout'),
            children: [
              {
                // A screen that fails (its code cannot be downloaded, it throws) shows why inside the frame: header and navigation stay.
                ErrorBoundary: ScreenErrorBoundary,
                children: [
                  { index: true, element: <Navigate to="home" replace /> },
                  { path: 'home', lazy: () => import('../routes/home/home-dashboard') },
                  { path: 'segments', lazy: () => import('../routes/segments/segments-list') },
                  { path: 'segments/new', lazy: () => import('../routes/segments/segments-builder') },
                  { path: 'segments/:segmentId', lazy: () => import('../routes/segments/segments-builder') },
                  { path: 'transactions', lazy: () => import('../routes/transactions/transactions-list') },
                  { path: 'transactions/history', lazy: () => import('../routes/transactions/transactions-history') },
                  { path: 'transactions/:txId', lazy: () => import('../routes/transactions/transactions-detail') },
                  { path: 'sales', element: <Navigate to="../reports/daily/sales" replace /> },
                  ...reportSlugRoutes,
                  // The report catalogue: custom and pivot reports by category, the builder, categories, gallery, deleted reports.
                  { path: 'reports', lazy: () => import('../routes/reports/catalogue/reports-home') },
                  { path: 'reports/catalogue/custom/new', lazy: () => import('../routes/reports/catalogue/reports-builder') },
                  { path: 'reports/catalogue/custom/:reportId/edit', lazy: () => import('../routes/reports/catalogue/reports-builder') },
                  { path: 'reports/catalogue/categories', lazy: () => import('../routes/reports/catalogue/reports-categories') },
                  { path: 'reports/catalogue/gallery', lazy: () => import('../routes/reports/catalogue/reports-gallery') },
                  { path: 'reports/catalogue/deleted', lazy: () => import('../routes/reports/catalogue/reports-deleted') },
                  // The report engine: report functions and data sources run with their parameters, kept runs, the admin cube.
                  { path: 'reports/run/:name', lazy: () => import('../routes/reports/engine/engine-run') },
                  { path: 'reports/custom/:reportId', lazy: () => import('../routes/reports/engine/engine-custom') },
                  { path: 'reports/datasources', lazy: () => import('../routes/reports/engine/engine-datasources') },
                  { path: 'reports/datasources/new', lazy: () => import('../routes/reports/engine/engine-datasource-editor') },
                  { path: 'reports/datasources/:dataSourceId', lazy: () => import('../routes/reports/engine/engine-datasource-run') },
                  { path: 'reports/datasources/:dataSourceId/edit', lazy: () => import('../routes/reports/engine/engine-datasource-editor') },
                  { path: 'reports/runs/:runId', lazy: () => import('../routes/reports/engine/engine-run-result') },
                  { path: 'admin/cube', lazy: () => import('../routes/reports/engine/engine-cube') },
                  // Saved questions (cards) and embed reports (the questions service).
                  { path: 'reports/questions', lazy: () => import('../routes/reports/questions/questions-list') },
                  { path: 'reports/questions/new', lazy: () => import('../routes/reports/questions/questions-editor') },
                  { path: 'reports/questions/:cardId', lazy: () => import('../routes/reports/questions/questions-view') },
                  { path: 'reports/questions/:cardId/edit', lazy: () => import('../routes/reports/questions/questions-editor') },
                  { path: 'reports/embed/:reportId', lazy: () => import('../routes/reports/questions/questions-embed') },
                  // Pivot reports: the editor (new, edit) and the viewer.
                  { path: 'reports/pivot/new', lazy: () => import('../routes/reports/pivot/pivot-editor') },
                  { path: 'reports/pivot/:reportId', lazy: () => import('../routes/reports/pivot/pivot-viewer') },
                  { path: 'reports/pivot/:reportId/edit', lazy: () => import('../routes/reports/pivot/pivot-editor') },
                  // Payroll: per employee over a pay period (closing and reopening), and its settings.
                  { path: 'payroll', lazy: () => import('../routes/payroll/payroll-period') },
                  { path: 'payroll/settings', lazy: () => import('../routes/payroll/payroll-settings') },
                  // Purchase orders: the reorder rule, suggestions and orders; one order (send, receive in parts, close).
                  { path: 'inventory/purchase-orders', lazy: () => import('../routes/inventory/purchase-orders/purchase-orders-list') },
                  { path: 'inventory/purchase-orders/:poId', lazy: () => import('../routes/inventory/purchase-orders/purchase-orders-detail') },
                  { path: 'schedule', lazy: () => import('../routes/schedule/schedule-board') },
                  { path: 'appointments', lazy: () => import('../routes/appointments/appointments-view') },
                  { path: 'reports/staff-visits', lazy: () => import('../routes/reports/staff-visits/staff-visits-report') },
                  // Staff timesheets (payroll) and the staff clock.
                  { path: 'timesheets', lazy: () => import('../routes/timesheets/timesheets-board') },
                  { path: 'clock', lazy: () => import('../routes/clock/clock-station') },
                  // Cash-drawer shifts: the drawer open now (open, finances, close), any shift with its drawer log, the shift and drawer report.
                  { path: 'drawer', lazy: () => import('../routes/shifts/shifts-drawer') },
                  { path: 'drawer/:shiftId', lazy: () => import('../routes/shifts/shifts-drawer') },
                  { path: 'shifts', lazy: () => import('../routes/shifts/shifts-report') },
                  // Web payments and payouts: the rows, payouts reconciled or not (and by checkout day), one payout itemised, the payout schedule.
                  { path: 'webpayments', lazy: () => import('../routes/webpayments/webpayments-list') },
                  { path: 'webpayments/payouts', lazy: () => import('../routes/webpayments/webpayments-payouts') },
                  { path: 'webpayments/payouts/:payoutId', lazy: () => import('../routes/webpayments/webpayments-payout') },
                  { path: 'webpayments/schedule', lazy: () => import('../routes/webpayments/webpayments-schedule') },
                  { path: 'waivers', lazy: () => import('../routes/waivers/waivers-list') },
                  { path: 'waivers/report', lazy: () => import('../routes/waivers/waivers-report') },
                  { path: 'waivers/signatures', lazy: () => import('../routes/waivers/waivers-signatures') },
                  { path: 'waivers/signatures/:signatureId', lazy: () => import('../routes/waivers/waivers-signature') },
                  { path: 'waivers/:waiverId', lazy: () => import('../routes/waivers/waivers-detail') },
                  { path: 'staff', lazy: () => import('../routes/staff/staff-list') },
                  { path: 'staff/report', lazy: () => import('../routes/staff/staff-report') },
                  { path: 'staff/:staffId', lazy: () => import('../routes/staff/staff-detail') },
                  { path: 'catalogue', lazy: () => import('../routes/catalogue/catalogue-list') },
                  // Clients: the list (search, filters, tags, segment, export) and a client's profile (visits, cards, tags, notes, merge, export, erase).
                  { path: 'clients', lazy: () => import('../routes/clients/clients-list') },
                  { path: 'clients/:clientId', lazy: () => import('../routes/clients/clients-profile') },
                  { path: 'media', lazy: () => import('../routes/media/media-library') },
                  // Prepaid cards (search, a card's ledger and actions) and memberships (filters, presets, history, actions).
                  { path: 'prepaid', lazy: () => import('../routes/prepaid/prepaid-search') },
                  { path: 'prepaid/memberships', lazy: () => import('../routes/prepaid/prepaid-memberships') },
                  // Inventory: products with on-hand from the stock ledger, adjustments, history, labels; vendors.
                  { path: 'campaigns', lazy: () => import('../routes/campaigns/campaigns-list') },
                  { path: 'campaigns/surveys', lazy: () => import('../routes/campaigns/campaigns-surveys') },
                  { path: 'inventory', lazy: () => import('../routes/inventory/inventory-list') },
                  { path: 'inventory/vendors', lazy: () => import('../routes/inventory/inventory-vendors') },
                  { path: 'settings', lazy: () => import('../routes/settings/settings-business') },
                  // Website and app publishing: the live versions, publish, the build log live, preview, rollback, install.
                  { path: 'publishing', lazy: () => import('../routes/publishing/publishing-site') },
                  // Epay: web payments, the domain allow-list, the Ably key; short links with their visits.
                  { path: 'settings/epay', lazy: () => import('../routes/settings/settings-epay') },
                  { path: 'settings/short-links', lazy: () => import('../routes/settings/settings-short-links') },
                  // Billing: invoices, subscriptions, payment methods, balances, one-time charges; an invoice; the admin's billing of every business.
                  { path: 'billing', lazy: () => import('../routes/billing/billing-overview') },
                  { path: 'billing/invoices/:invoiceId', lazy: () => import('../routes/billing/billing-invoice') },
                  { path: 'admin/billing', lazy: () => import('../routes/billing/billing-admin') },
                  { path: 'admin/setting-types', lazy: () => import('../routes/admin/admin-setting-types') },
                  { path: 'admin/system-settings', lazy: () => import('../routes/admin/admin-system-settings') },
                  { path: 'admin/notifications', lazy: () => import('../routes/admin/admin-notifications') },
                  // The admin's look-up of a user across businesses (route word `getuser`: no business check).
                  { path: 'admin/getuser', lazy: () => import('../routes/admin/admin-getuser') },
                  { path: '*', lazy: () => import('../routes/system/system-not-found') },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('../routes/system/system-not-found') },
        ],
      },
    ],
  },
];
