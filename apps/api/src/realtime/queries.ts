import { ADMIN_LIST_KINDS, type AdminNotification } from '@salondesk/core';
import { and, count, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { toNotification } from './notify';
import { notificationReads, notifications } from './schema';

/** The admins' list: admin messages and every business's deploys. */
const isAdminKind = inArray(notifications.kind, [...ADMIN_LIST_KINDS]);

/** An admin's unread admin notifications. */
export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        isAdminKind,
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationReads)
            .where(and(eq(notificationReads.notification_id, notifications.id), eq(notificationReads.user_id, userId))),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** A page of admin notifications, newest first, with whether `userId` read each. */
export async function listAdminNotifications(db: Database, userId: number, page: { before?: number; limit: number }) {
  const rows = await db
    .select({ row: notifications, senderName: users.fullname, readAt: notificationReads.read_at })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.sender_id))
    .leftJoin(notificationReads, and(eq(notificationReads.notification_id, notifications.id), eq(notificationReads.user_id, userId)))
    .where(and(isAdminKind, page.before !== undefined ? lt(notifications.id, page.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(({ row, senderName, readAt }) => ({ ...toNotification(row, senderName), read: readAt !== null }) as AdminNotification);
  const last = items.at(-1);
  return { items, unread: await unreadCount(db, userId), nextBefore: rows.length > page.limit && last ? last.id : null };
}

/** Marks admin notifications read for one admin (some ids, or all); ids that are not admin notifications are ignored. */
export async function markRead(db: Database, userId: number, target: { ids?: number[]; all?: true }, now: Date): Promise<void> {
  const ids = db
    .select({ notification_id: notifications.id, user_id: sql<number>`${userId}::integer`.as('user_id'), read_at: sql<Date>`${now.toISOString()}::timestamptz`.as('read_at') })
    .from(notifications)
    .where(and(isAdminKind, target.ids ? inArray(notifications.id, target.ids) : undefined));
  await db.insert(notificationReads).select(ids).onConflictDoNothing();
}
