import { type AdminMessage, type AdminMessageSource, type Notification, NOTIFICATION_KIND, type PublishStep } from '@salondesk/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notifications } from './schema';
import type { NotificationAudience, Realtime } from './socketServer';

export interface AdminNotificationInput {
  kind: 'adminMessage';
  title: string;
  body: string;
  source: AdminMessageSource;
  /** The admin who wrote it, with the name shown. */
  sender?: { id: number; name: string } | null;
  /**
   * Sends nothing when a notification with this key was sent less than `withinMs` ago: one
   * notification per lock, however many failed tries come with it.
   */
  dedupe?: { key: string; withinMs: number };
}

export interface BusinessNotificationInput {
  kind: 'reportRunFinished';
  businessId: number;
  networkId?: number | null;
  title: string;
  body: string;
  /** `reportRunFinished`: the finished run's id, the link to its result. */
  reportId?: string;
}

/** A website or app version that went live: to the business's room and to the admins. */
export interface DeployNotificationInput {
  kind: 'websitePublished' | 'mobileAppDeployed';
  businessId: number;
  networkId?: number | null;
  title: string;
  body: string;
  versionId: number;
  /** The version's number among the business's versions of that kind. */
  version: number;
  /** Where it is served (null: the business has no site address yet). */
  url: string | null;
}

export type NotifyInput = AdminNotificationInput | BusinessNotificationInput | DeployNotificationInput;

export interface Notifier {
  /** Keeps the notification and sends it live to its audience; null when deduplicated. */
  notify(input: NotifyInput): Promise<Notification | null>;
  /**
   * Sends a build step live to its business's room (not kept here: the build log is its record;
   * see `publishing/events.ts`, the one caller).
   */
  publishStep(step: PublishStep): void;
}

type Row = typeof notifications.$inferSelect;

/** The wire payload of a kept notification. */
export function toNotification(row: Row, senderName: string | null): Notification {
  const common = { id: row.id, title: row.title, body: row.body, createdAt: row.created_at.toISOString() };
  if (row.kind === NOTIFICATION_KIND.adminMessage) {
    return { kind: 'adminMessage', ...common, source: (row.source ?? 'admin') as AdminMessage['source'], senderName };
  }
  if (row.business_id === null) throw new Error(`Notification ${row.id} of kind ${row.kind} has no business`);
  if (row.kind === NOTIFICATION_KIND.websitePublished || row.kind === NOTIFICATION_KIND.mobileAppDeployed) {
    if (row.version_id === null || row.version_number === null) throw new Error(`Notification ${row.id} of kind ${row.kind} has no version`);
    return { kind: row.kind, ...common, businessId: row.business_id, versionId: row.version_id, version: row.version_number, url: row.url };
  }
  if (row.kind === NOTIFICATION_KIND.reportRunFinished && row.ref) return { kind: 'reportRunFinished', ...common, businessId: row.business_id, reportId: row.ref };
  return { kind: 'reportRunFinished', ...common, businessId: row.business_id };
}

/**
 * The one place a notification is made: written to `notifications` (in a transaction; with a
 * dedupe key, under an advisory lock on that key so concurrent tries send one), then emitted
 * after the commit to its room on every node.
 */
export function createNotifier(options: { db: Database; realtime: Pick<Realtime, 'emit' | 'emitPublishStep'>; now: () => Date }): Notifier {
  return {
    async notify(input) {
      const now = options.now();
      const row = await options.db.transaction(async (tx) => {
        if (input.kind === 'adminMessage' && input.dedupe) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.dedupe.key}))`);
          const [recent] = await tx
            .select({ id: notifications.id })
            .from(notifications)
            .where(and(eq(notifications.dedupe_key, input.dedupe.key), gt(notifications.created_at, new Date(now.getTime() - input.dedupe.withinMs))))
            .limit(1);
          if (recent) return null;
        }
        const [inserted] = await tx
          .insert(notifications)
          .values(
            input.kind === 'adminMessage'
              ? {
                  kind: input.kind,
                  title: input.title,
                  body: input.body,
                  source: input.source,
                  sender_id: input.sender?.id ?? null,
                  dedupe_key: input.dedupe?.key ?? null,
                  created_at: now,
                }
              : {
                  kind: input.kind,
                  business_id: input.businessId,
                  network_id: input.networkId ?? null,
                  title: input.title,
                  body: input.body,
                  ref: input.kind === 'reportRunFinished' ? (input.reportId ?? null) : null,
                  ...(input.kind === 'reportRunFinished' ? {} : { version_id: input.versionId, version_number: input.version, url: input.url }),
                  created_at: now,
                },
          )
          .returning();
        return inserted ?? null;
      });
      if (!row) return null;
      const payload = toNotification(row, input.kind === 'adminMessage' ? (input.sender?.name ?? null) : null);
      const audience: NotificationAudience =
        input.kind === 'adminMessage'
          ? { admins: true }
          : input.kind === 'reportRunFinished'
            ? { businessId: input.businessId }
            : { businessId: input.businessId, admins: true };
      options.realtime.emit(audience, payload);
      return payload;
    },
    publishStep(step) {
      options.realtime.emitPublishStep(step);
    },
  };
}
