import { createNotificationStream, type NotificationStream } from '@salondesk/core';

/**
 * The dashboard's notification stream. This module (and socket.io-client with it) is loaded on
 * demand once someone is signed in, never by /login. The API serves the dashboard, so the
 * socket is on the page's own origin (Vite's dev server proxies `/socket.io`).
 */
export const createDashboardStream = (): NotificationStream => createNotificationStream({ url: window.location.origin });
