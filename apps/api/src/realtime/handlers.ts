import { adminMessageFrom, endpoints } from '@salondesk/core';
import { pleaseLogIn } from '../http/errors';
import { implement } from '../http/registry';
import type { Notifier } from './notify';
import { listAdminNotifications, markRead, unreadCount } from './queries';

/** The admin notification calls (access `admin`: the registry refuses everyone else first). */
export function notificationHandlers(options: { notifier: Notifier }) {
  return [
    implement(endpoints.notifications.list, async ({ query }, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      return listAdminNotifications(ctx.db, ctx.auth.user.id, { before: query.before, limit: query.limit });
    }),

    implement(endpoints.notifications.send, async ({ body }, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      const sent = await options.notifier.notify({
        kind: 'adminMessage',
        title: adminMessageFrom(ctx.auth.user.fullname),
        body: body.body,
        source: 'admin',
        sender: { id: ctx.auth.user.id, name: ctx.auth.user.fullname },
      });
      if (!sent || sent.kind !== 'adminMessage') throw new Error('An admin message was not kept');
      return { ...sent, read: false };
    }),

    implement(endpoints.notifications.markRead, async ({ body }, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      await markRead(ctx.db, ctx.auth.user.id, body.ids ? { ids: body.ids } : { all: true }, ctx.now());
      return { unread: await unreadCount(ctx.db, ctx.auth.user.id) };
    }),
  ];
}
