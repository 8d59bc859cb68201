import { ADMIN_MESSAGE_MAX, adminMessageBody, CONNECTION_STATE_LABEL, exportEndpoints, isAdmin, MESSAGES, type AdminNotification } from '@salondesk/core';
import { ADMIN_NOTIFICATIONS_LIMIT, useAdminNotifications, useMarkNotificationsRead, useSendAdminMessage, useSession } from '@salondesk/react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { notificationTag, toListItem } from '../../../app/AdminNotificationsBell';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { toasts } from '../../../app/toasts';
import { useDashboardStream } from '../../../app/useDashboardStream';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { cx } from '../../../ui/cx';
import type { DataColumn } from '../../../ui/DataTable';
import { MarkReadButton } from '../../../ui/NotificationList';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { TextAreaField } from '../../../ui/TextAreaField';
import { useBusinessId } from '../../../app/useBusinessId';

/** The most the list grows to with "Show older" (the call's page limit). */
const MAX_LIMIT = 100;

const received = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What happened (unread ones say so), its kind and when; whether it is read, with "Mark read", never folds. */
function notificationColumns(onMarkRead: (id: number) => void): DataColumn<AdminNotification>[] {
  return [
    {
      id: 'notification',
      header: 'Notification',
      value: (n) => n.title,
      cell: (n) => (
        <>
          <span className="text-slate-900">
            {n.read ? null : <span className="sr-only">Unread: </span>}
            {n.title}
          </span>
          {n.body ? <span className="mt-0.5 block font-normal break-words whitespace-pre-line text-slate-700">{n.body}</span> : null}
        </>
      ),
      size: 360,
      minSize: 160,
    },
    {
      id: 'kind',
      header: 'Kind',
      value: (n) => notificationTag(n),
      cell: (n) => (
        <span className={cx('rounded px-1.5 py-0.5 text-xs font-medium', n.kind === 'adminMessage' && n.source === 'security' ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600')}>
          {notificationTag(n)}
        </span>
      ),
      size: 110,
      priority: 2,
    },
    { id: 'received', header: 'Received', value: (n) => n.createdAt, cell: (n) => <time dateTime={n.createdAt}>{received.format(new Date(n.createdAt))}</time>, size: 170, priority: 1 },
    {
      id: 'status',
      header: 'Status',
      value: (n) => (n.read ? 'Read' : 'Unread'),
      cell: (n) => (n.read ? <span className="text-slate-500">Read</span> : <MarkReadButton title={n.title} onClick={() => onMarkRead(n.id)} />),
      align: 'end',
      size: 120,
      priority: 'always',
    },
  ];
}

/** `/{businessId}/admin/notifications`: admin notifications (security events, messages) and a message to every admin. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const admin = user !== undefined && isAdmin(user);
  const stream = useDashboardStream(admin);
  const [limit, setLimit] = useState(ADMIN_NOTIFICATIONS_LIMIT);
  const notifications = useAdminNotifications({ stream, limit });
  const markRead = useMarkNotificationsRead();
  const onMarkReadRef = useRef<(id: number) => void>(() => undefined);
  const columns = useMemo(() => notificationColumns((id) => onMarkReadRef.current(id)), []);

  if (!admin) return <EmptyState tone="error" headingLevel={1} title={MESSAGES.adminOnly} />;

  const page = notifications.data;
  const onMarkRead = (body: { ids: number[] } | { all: true }) =>
    markRead.mutate(body, { onSuccess: () => toasts.success(MESSAGES.notificationsMarkedRead), onError: (e) => toasts.error(e.message) });
  onMarkReadRef.current = (id) => onMarkRead({ ids: [id] });

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
        ) : (
          <>
            <SavedDataTable
              framed={false}
              businessId={businessId}
              name="admin-notifications"
              title="Admin notifications"
              caption="Notifications, newest first"
              columns={columns}
              rows={page?.items}
              getRowId={(n) => n.id}
              rowLabel={(n) => n.title}
              empty="No notifications yet. Security events and messages from other admins will show here."
            />
            {page && page.nextBefore !== null && limit < MAX_LIMIT ? (
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
