import { z } from 'zod/mini';
import { id, instant } from '../models/ids';

/** What a realtime notification is about (spec 000 §1: website publish, mobile app deploy, report runs, admin messages). */
export const NOTIFICATION_KIND = {
  websitePublished: 'websitePublished',
  mobileAppDeployed: 'mobileAppDeployed',
  reportRunFinished: 'reportRunFinished',
  adminMessage: 'adminMessage',
} as const;
export type NotificationKind = (typeof NOTIFICATION_KIND)[keyof typeof NOTIFICATION_KIND];
export const NOTIFICATION_KIND_LABEL: Record<NotificationKind, string> = {
  websitePublished: 'Website published',
  mobileAppDeployed: 'Mobile app deployed',
  reportRunFinished: 'Report run finished',
  adminMessage: 'Admin message',
};

/** Where an admin message came from: an admin who wrote it, or the server's security checks. */
export const ADMIN_MESSAGE_SOURCE = { admin: 'admin', security: 'security' } as const;
export type AdminMessageSource = (typeof ADMIN_MESSAGE_SOURCE)[keyof typeof ADMIN_MESSAGE_SOURCE];
export const ADMIN_MESSAGE_SOURCE_LABEL: Record<AdminMessageSource, string> = { admin: 'Message', security: 'Security' };

/** The longest admin message body, in characters. */
export const ADMIN_MESSAGE_MAX = 1000;

const common = {
  /** The notification's id (its row on the server). */
  id,
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  body: z.string().check(z.maxLength(ADMIN_MESSAGE_MAX)),
  createdAt: instant,
};
const ofBusiness = { ...common, businessId: id };

/** A version that went live: which one, its number in the business's versions of that kind, where it is served. */
const ofVersion = {
  ...ofBusiness,
  versionId: id,
  version: z.number().check(z.int(), z.minimum(1)),
  /** Null while the business has no site address yet. */
  url: z.nullable(z.string().check(z.maxLength(2000))),
};
export const websitePublished = z.object({ kind: z.literal('websitePublished'), ...ofVersion });
export const mobileAppDeployed = z.object({ kind: z.literal('mobileAppDeployed'), ...ofVersion });
export const reportRunFinished = z.object({ kind: z.literal('reportRunFinished'), ...ofBusiness, reportId: z.optional(z.string().check(z.maxLength(100))) });
export const adminMessage = z.object({
  kind: z.literal('adminMessage'),
  ...common,
  source: z.enum(['admin', 'security']),
  /** The admin who wrote it (null for the server's own messages). */
  senderName: z.nullable(z.string().check(z.maxLength(200))),
});

/** One realtime notification, as it travels on the socket: discriminated by `kind`. */
export const notification = z.discriminatedUnion('kind', [websitePublished, mobileAppDeployed, reportRunFinished, adminMessage]);
export type Notification = z.infer<typeof notification>;
export type WebsitePublished = z.infer<typeof websitePublished>;
export type MobileAppDeployed = z.infer<typeof mobileAppDeployed>;
export type ReportRunFinished = z.infer<typeof reportRunFinished>;
export type AdminMessage = z.infer<typeof adminMessage>;

/**
 * What a version going live announces (the `websitePublished` / `mobileAppDeployed`
 * notification's kind, title and body): one wording for the server and the screens.
 */
export function deployNotice(site: { kind: 'website' | 'app'; version: number; url: string | null; rolledBack?: boolean }): {
  kind: 'websitePublished' | 'mobileAppDeployed';
  title: string;
  body: string;
} {
  const kind = site.kind === 'website' ? NOTIFICATION_KIND.websitePublished : NOTIFICATION_KIND.mobileAppDeployed;
  const what = site.kind === 'website' ? 'Website' : 'App';
  const live = `${what} version ${site.version} is live${site.url ? ` at ${site.url}` : ''}`;
  return { kind, title: NOTIFICATION_KIND_LABEL[kind], body: `${site.rolledBack ? `Rolled back. ${live}` : live}.`.slice(0, ADMIN_MESSAGE_MAX) };
}

/** Each kind's payload, for typed listeners: `stream.on('adminMessage', (m) => m.body)`. */
export type NotificationEvents = { [K in NotificationKind]: Extract<Notification, { kind: K }> };

/** The socket's event names (one wire event for every notification; the payload says which kind). */
export const REALTIME_EVENT = {
  /** Server → client: a notification (`notification` schema). */
  notification: 'notification',
  /** Server → a business's room: a step of a website or app build (`publishStep` schema; kept in the build log, not in the notification list). */
  publishStep: 'publishStep',
  /** Client → server, with an acknowledgement `{ ok }`: join a business's room. */
  subscribe: 'subscribe',
  /** Client → server: leave a business's room. */
  unsubscribe: 'unsubscribe',
} as const;

/** The acknowledgement of a `subscribe`. */
export const subscribeAck = z.object({ ok: z.boolean() });
export type SubscribeAck = z.infer<typeof subscribeAck>;

/** Socket.io room names, shared by the server and its tests. */
export const REALTIME_ROOM = {
  admins: 'admins',
  business: (businessId: number) => `business:${businessId}`,
} as const;
