import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from './FullPageSpinner';
import { RouteErrorBoundary } from './RouteErrorBoundary';

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
              { index: true, element: <Navigate to="home" replace /> },
              { path: 'home', lazy: () => import('../routes/home/home-dashboard') },
              { path: 'transactions', lazy: () => import('../routes/transactions/transactions-list') },
              { path: 'transactions/history', lazy: () => import('../routes/transactions/transactions-history') },
              { path: 'transactions/:txId', lazy: () => import('../routes/transactions/transactions-detail') },
              { path: 'sales', element: <Navigate to="../reports/daily/sales" replace /> },
              { path: 'reports/daily/sales', lazy: () => import('../routes/sales/sales-summary') },
              { path: 'reports/daily/aggregate-sales', lazy: () => import('../routes/reports/reports-aggregate-sales') },
              { path: '*', lazy: () => import('../routes/system/system-not-found') },
            ],
          },
          { path: '*', lazy: () => import('../routes/system/system-not-found') },
        ],
      },
    ],
  },
];
