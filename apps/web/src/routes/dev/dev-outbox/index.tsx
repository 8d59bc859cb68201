import { ApiError, isApiError, OUTBOX_CHANNEL_LABEL, type OutboxMessage } from '@salondesk/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Logo } from '../../../ui/Logo';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { MessageBody } from './MessageBody';

const REFRESH_MS = 3000;

const sentAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** To whom (and how), the message with its links, and when: newest first as the server sends them. */
const COLUMNS: DataColumn<OutboxMessage>[] = [
  {
    id: 'to',
    header: 'To',
    value: (message) => message.to,
    cell: (message) => (
      <>
        <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{OUTBOX_CHANNEL_LABEL[message.channel]}</span>
        <span className="break-all">{message.to}</span>
      </>
    ),
    size: 230,
    minSize: 140,
  },
  {
    id: 'message',
    header: 'Message',
    value: (message) => message.subject ?? message.body,
    cell: (message) => (
      <>
        {message.subject ? <span className="block font-semibold text-slate-800">{message.subject}</span> : null}
        <MessageBody text={message.body} />
      </>
    ),
    size: 420,
    minSize: 180,
    priority: 'always',
  },
  { id: 'sent', header: 'Sent', value: (message) => message.createdAt, cell: (message) => <time dateTime={message.createdAt}>{sentAt.format(new Date(message.createdAt))}</time>, size: 180, priority: 1 },
];

type Load = { kind: 'loading' } | { kind: 'ready'; messages: OutboxMessage[] } | { kind: 'absent' } | { kind: 'error'; message: string };

/**
 * `/dev/outbox` (demo mode only): every code and reset link the server sent, newest first, so a
 * newcomer can finish a phone-code, admin-code or reset flow on one machine.
 */
export function Component() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [to, setTo] = useState('');

  const refresh = useCallback(async () => {
    try {
      const { getSdk } = await import('../../../app/sdk');
      const messages = await getSdk().client.outbox.list({ ...(to.trim() ? { to: to.trim() } : {}), limit: 50 });
      setLoad({ kind: 'ready', messages });
    } catch (error) {
      setLoad(isApiError(error) && error.status === 404 ? { kind: 'absent' } : { kind: 'error', message: ApiError.from(error).message });
    }
  }, [to]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between gap-4 px-4">
          <Logo />
          <Link to="/login" className="text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
            Back to sign in
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Developer outbox</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-600">
          Demo mode: every email and text message the server sent, newest first, with its full text. It refreshes every few seconds. Outside
          demo mode this page does not exist.
        </p>
        <form className="mt-6 flex items-end gap-3" role="search" onSubmit={(e) => (e.preventDefault(), void refresh())}>
          <TextField
            className="min-w-0 flex-1"
            label="Recipient"
            name="to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder="Every message, or owner@salondesk.demo, +13105550101"
          />
          <Button type="submit" variant="secondary">
            Refresh
          </Button>
        </form>
        <section aria-label="Messages" aria-live="polite" className="mt-4">
          {load.kind === 'loading' ? (
            <div className="flex justify-center py-16">
              <Spinner label="Loading messages" />
            </div>
          ) : load.kind === 'absent' ? (
            <EmptyState title="The developer outbox is off" description="It exists only while the server runs in demo mode (SALONDESK_DEMO=1)." />
          ) : load.kind === 'error' ? (
            <EmptyState tone="error" title={load.message} onRetry={() => void refresh()} />
          ) : (
            <DataTable
              caption="Messages"
              columns={COLUMNS}
              rows={load.messages}
              getRowId={(message) => message.id}
              rowLabel={(message) => message.to}
              empty="No messages yet. Ask for a phone code, sign in as the admin or ask for a reset link: the message shows here."
            />
          )}
        </section>
      </main>
    </div>
  );
}
