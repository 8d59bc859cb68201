import { ADMIN_MESSAGE_MAX, adminMessageBody, CONNECTION_STATE_LABEL, exportEndpoints, isAdmin, MESSAGES } from '@salondesk/core';
import { ADMIN_NOTIFICATIONS_LIMIT, useAdminNotifications, useMarkNotificationsRead, useSendAdminMessage, useSession } from '@salondesk/react';
import { useState, type FormEvent } from 'react';
import { toListItem } from '../../../app/AdminNotificationsBell';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { toasts } from '../../../app/toasts';
import { useDashboardStream } from '../../../app/useDashboardStream';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { NotificationList } from '../../../ui/NotificationList';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';

/** The most the list grows to with "Show older" (the call's page limit). */
const MAX_LIMIT = 100;

/** `/{businessId}/admin/notifications`: admin notifications (security events, messages) and a message to every admin. */
export function Component() {
  const user = useSession().session?.user;
  const admin = user !== undefined && isAdmin(user);
  const stream = useDashboardStream(admin);
  const [limit, setLimit] = useState(ADMIN_NOTIFICATIONS_LIMIT);
  const notifications = useAdminNotifications({ stream, limit });
  const markRead = useMarkNotificationsRead();

  if (!admin) return <EmptyState tone="error" headingLevel={1} title={MESSAGES.adminOnly} />;

  const page = notifications.data;
  const onMarkRead = (body: { ids: number[] } | { all: true }) =>
    markRead.mutate(body, { onSuccess: () => toasts.success(MESSAGES.notificationsMarkedRead), onError: (e) => toasts.error(e.message) });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.notifications.title} businessId={null} />
      <PageHeader
        className="print:hidden"
        eyebrow="Platform admin"
        title="Admin notifications"
        description="Security events (sign-ins locked after repeated failures) and messages between admins. New ones arrive live."
        actions={<ExportActions endpoint={exportEndpoints.notifications} query={{}} />}
      />
      <div className="print:hidden">
        <SendMessageForm />
      </div>
      <section aria-labelledby="admin-notifications-list" className="mt-8 rounded-2xl bg-white ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          <div>
            <h2 id="admin-notifications-list" className="font-semibold text-slate-900">
              Notifications{page && page.unread > 0 ? <span className="ml-2 text-sm font-normal text-slate-600">{page.unread} unread</span> : null}
            </h2>
            <p className="text-xs text-slate-500">{CONNECTION_STATE_LABEL[notifications.connection.state]}</p>
          </div>
          <Button className="print:hidden" variant="secondary" size="sm" disabled={!page || page.unread === 0} loading={markRead.isPending} onClick={() => onMarkRead({ all: true })}>
            Mark all read
          </Button>
        </div>
        {notifications.isError ? (
          <LoadError error={notifications.error} onRetry={() => void notifications.refetch()} />
        ) : !page ? (
          <LoadingRegion label="Loading notifications" className="space-y-3 p-4">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </LoadingRegion>
        ) : page.items.length === 0 ? (
          <EmptyState title="No notifications yet" description="Security events and messages from other admins will show here." />
        ) : (
          <>
            <NotificationList items={page.items.map(toListItem)} onMarkRead={(id) => onMarkRead({ ids: [id] })} />
            {page.nextBefore !== null && limit < MAX_LIMIT ? (
              <div className="border-t border-slate-100 px-4 py-3 text-center print:hidden">
                <Button variant="ghost" size="sm" loading={notifications.isFetching} onClick={() => setLimit((l) => Math.min(MAX_LIMIT, l + ADMIN_NOTIFICATIONS_LIMIT))}>
                  Show older
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

function SendMessageForm() {
  const send = useSendAdminMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminMessageBody.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.adminMessageRequired);
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toasts.success(MESSAGES.adminMessageSent);
        setText('');
      },
      onError: (e) => toasts.error(e.message),
    });
  };

  return (
    <section aria-labelledby="send-admin-message" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <h2 id="send-admin-message" className="font-semibold text-slate-900">Send a message to admins</h2>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <TextAreaField
          label="Message"
          rows={3}
          value={text}
          error={error}
          hint={`Every platform admin receives it, live or when they next sign in. ${text.length.toLocaleString("en-US")} / ${ADMIN_MESSAGE_MAX.toLocaleString("en-US")} characters.`}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={send.isPending}>Send to admins</Button>
        </div>
      </form>
    </section>
  );
}
