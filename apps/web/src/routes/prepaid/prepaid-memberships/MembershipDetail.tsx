import { addDays, dayInZone, MEMBERSHIP_EVENT_LABEL, MEMBERSHIP_PAUSE_MAX_DAYS, membershipActionProblem, MESSAGES, type MembershipEvent } from '@salondesk/core';
import { useMembership, useMembershipAction } from '@salondesk/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DetailCard } from '../../../ui/DetailCard';
import { Modal } from '../../../ui/Modal';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { membershipBadge } from '../prepaidBadges';

type Dialog = 'pause' | 'resume' | 'cancel' | null;

/** A membership's details, its history (oldest first) and its actions: pause until a day, resume, cancel (after a confirmation). */
export function MembershipDetail({ businessId, membershipId, money, timezone, onClose }: { businessId: number; membershipId: number; money: (cents: number) => string; timezone: string; onClose: () => void }) {
  const membership = useMembership(businessId, membershipId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const today = dayInZone(new Date(), timezone);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [membershipId]);
  const columns = useMemo<DataColumn<MembershipEvent>[]>(
    () => [
      { id: 'day', header: 'Day', value: (e) => e.at, cell: (e) => e.day, priority: 'always', size: 120 },
      { id: 'kind', header: 'Event', value: (e) => MEMBERSHIP_EVENT_LABEL[e.kind], priority: 'always', size: 180 },
      { id: 'until', header: 'Until', value: (e) => e.until ?? '', cell: (e) => e.until ?? '—', priority: 1, size: 120 },
      { id: 'note', header: 'Note', value: (e) => e.note ?? '', priority: 2, size: 220 },
      { id: 'by', header: 'By', value: (e) => e.by ?? '', priority: 3, size: 150 },
    ],
    [],
  );
  const m = membership.data;
  const can = (action: 'pause' | 'resume' | 'cancel') => !!m && membershipActionProblem(action, m.status, today, action === 'pause' ? addDays(today, 1) : undefined) === null;
  return (
    <section aria-labelledby="membership-title" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} id="membership-title" className="text-lg font-semibold text-slate-900">
          {m ? `${m.member.name} — ${m.plan}` : 'Membership'}
        </h2>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="secondary" size="sm" disabled={!can('pause')} onClick={() => setDialog('pause')}>
            Pause
          </Button>
          <Button variant="secondary" size="sm" disabled={!can('resume')} onClick={() => setDialog('resume')}>
            Resume
          </Button>
          <Button variant="danger" size="sm" disabled={!can('cancel')} onClick={() => setDialog('cancel')}>
            Cancel membership
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      {membership.isError ? (
        <LoadError headingLevel={3} error={membership.error} fallback={MESSAGES.failedToFetchMembershipItems} onRetry={() => void membership.refetch()} />
      ) : m ? (
        <DetailCard
          title="Membership"
          items={[
            { label: 'Status', value: <StatusBadge {...membershipBadge(m.status)} /> },
            { label: 'Plan', value: `${m.plan}, ${money(m.price)}` },
            { label: 'Location', value: m.location },
            { label: 'Member', value: [m.member.name, m.member.phone, m.member.email].filter(Boolean).join(' · ') },
            { label: 'Started', value: m.started_on },
            { label: 'Term ends', value: m.expires_on },
            { label: 'Next bill', value: m.next_bill_on ?? '—' },
            ...(m.paused_until ? [{ label: 'Paused until', value: m.paused_until }] : []),
          ]}
        />
      ) : (
        <Skeleton className="h-40" />
      )}
      <SavedDataTable
        businessId={businessId}
        name="membership-history"
        title="Membership history"
        caption="Membership history"
        showCaption
        columns={columns}
        rows={m?.history}
        getRowId={(e) => e.id}
        rowLabel={(e) => `${MEMBERSHIP_EVENT_LABEL[e.kind]} on ${e.day}`}
        empty="No events."
      />
      {m ? <MembershipActionDialog key={dialog ?? 'closed'} dialog={dialog} onClose={() => setDialog(null)} businessId={businessId} membershipId={membershipId} today={today} /> : null}
    </section>
  );
}

function MembershipActionDialog({ dialog, onClose, businessId, membershipId, today }: { dialog: Dialog; onClose: () => void; businessId: number; membershipId: number; today: string }) {
  const action = useMembershipAction(businessId, membershipId);
  const [until, setUntil] = useState(addDays(today, 30));
  const [untilError, setUntilError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = {
      onSuccess: () => {
        toasts.success(MESSAGES.updatedSuccessfully);
        onClose();
      },
      onError: (error: Error) => toasts.error(error.message),
    };
    if (dialog === 'pause') {
      const problem = membershipActionProblem('pause', 'active', today, until);
      if (problem) return setUntilError(problem);
      return action.mutate({ action: 'pause', body: { until, note: note.trim() } }, options);
    }
    if (dialog) action.mutate({ action: dialog, body: { note: note.trim() } }, options);
  };
  const titles = { pause: 'Pause the membership', resume: 'Resume the membership', cancel: 'Cancel the membership?' } as const;
  return (
    <Modal
      open={dialog !== null}
      onClose={onClose}
      role={dialog === 'cancel' ? 'alertdialog' : 'dialog'}
      title={dialog ? titles[dialog] : ''}
      description={
        dialog === 'cancel'
          ? 'Billing stops and the membership will not renew. The member keeps what is paid for until the term ends.'
          : dialog === 'pause'
            ? 'Billing stops until the day you choose; resuming adds the paused days to the term.'
            : 'Billing starts again; the paused days are added to the term.'
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {dialog === 'pause' ? (
          <TextField
            label="Pause until"
            type="date"
            value={until}
            min={addDays(today, 1)}
            max={addDays(today, MEMBERSHIP_PAUSE_MAX_DAYS)}
            error={untilError}
            onChange={(e) => {
              setUntil(e.target.value);
              setUntilError(null);
            }}
          />
        ) : null}
        <TextAreaField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            {dialog === 'cancel' ? 'Keep it' : 'Cancel'}
          </Button>
          <Button type="submit" variant={dialog === 'cancel' ? 'danger' : 'primary'} loading={action.isPending}>
            {dialog === 'pause' ? 'Pause' : dialog === 'resume' ? 'Resume' : 'Cancel membership'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
