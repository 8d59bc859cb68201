import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import { ADMIN_MESSAGE_MAX, adminMessage, mobileAppDeployed, websitePublished } from '../realtime/notification';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** An admin message as an admin sees it in the list: the socket payload plus whether they read it. */
export const adminMessageNotification = z.extend(adminMessage, { read: z.boolean() });
export type AdminMessageNotification = z.infer<typeof adminMessageNotification>;

/**
 * What the admins' notification list holds: admin messages (security events, messages between
 * admins) and every business's website and app going live, each with whether this admin read it.
 */
export const adminNotification = z.discriminatedUnion('kind', [
  adminMessageNotification,
  z.extend(websitePublished, { read: z.boolean() }),
  z.extend(mobileAppDeployed, { read: z.boolean() }),
]);
export type AdminNotification = z.infer<typeof adminNotification>;

/** The kinds of notification kept in the admins' list. */
export const ADMIN_LIST_KINDS = ['adminMessage', 'websitePublished', 'mobileAppDeployed'] as const satisfies readonly AdminNotification['kind'][];

/** One page of admin notifications, newest first. */
export const adminNotificationPage = z.object({
  items: z.array(adminNotification),
  /** Unread admin notifications of this admin, in all pages. */
  unread: z.number().check(z.int(), z.minimum(0)),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.nullable(id),
});
export type AdminNotificationPage = z.infer<typeof adminNotificationPage>;

/** What an admin writes to every admin. */
export const adminMessageBody = z.object({
  body: text(ADMIN_MESSAGE_MAX, { trim: true, min: 1, tooShort: MESSAGES.adminMessageRequired, tooLong: MESSAGES.adminMessageTooLong }),
});
export type AdminMessageBody = z.infer<typeof adminMessageBody>;

/** Which notifications to mark as read: some by id, or all of them. */
export const markReadBody = z
  .object({
    ids: z.optional(z.array(id).check(z.minLength(1, { error: MESSAGES.markReadTarget }), z.maxLength(200))),
    all: z.optional(z.literal(true)),
  })
  .check(z.refine((b) => (b.ids !== undefined) !== (b.all === true), { error: MESSAGES.markReadTarget }));
export type MarkReadBody = z.infer<typeof markReadBody>;

const ADMIN = '/protected/admin/notifications';

export const notificationEndpoints = {
  /** The admin notifications (security events, messages between admins, sites and apps going live), newest first. */
  list: defineEndpoint({
    name: 'notifications.list',
    method: 'GET',
    path: ADMIN,
    access: 'admin',
    query: z.object({
      before: z.optional(id),
      limit: z._default(wholeNumber(1, 100), 20),
    }),
    response: adminNotificationPage,
    errorMessage: MESSAGES.failedToFetchNotifications,
  }),
  /** Sends a message to every admin (kept for those offline, delivered live to the others). */
  send: defineEndpoint({
    name: 'notifications.send',
    method: 'POST',
    path: `${ADMIN}/message`,
    access: 'admin',
    body: adminMessageBody,
    response: adminMessageNotification,
    errorMessage: MESSAGES.failedToSendAdminMessage,
    successMessage: MESSAGES.adminMessageSent,
  }),
  /** Marks admin notifications read for the calling admin; answers their unread count. */
  markRead: defineEndpoint({
    name: 'notifications.markRead',
    method: 'POST',
    path: `${ADMIN}/read`,
    access: 'admin',
    body: markReadBody,
    response: z.object({ unread: z.number().check(z.int(), z.minimum(0)) }),
    errorMessage: MESSAGES.failedToMarkNotificationsRead,
  }),
} as const;

export function notificationsClient(transport: Transport) {
  return {
    /** A page of admin notifications, newest first (`before`: the previous page's `nextBefore`). */
    list: (query: { before?: number; limit?: number } = {}) => transport.request(notificationEndpoints.list, { query }),
    /** Sends a message to every admin. */
    send: (body: AdminMessageBody) => transport.request(notificationEndpoints.send, { body }),
    /** Marks these notifications (or all) read for me. */
    markRead: (body: MarkReadBody) => transport.request(notificationEndpoints.markRead, { body }),
  };
}
