import { formatInstantIn, INVITABLE_ROLE_LABEL, INVITATION_STATUS_LABEL, type Invitation, MESSAGES } from '@salondesk/core';
import { useInvitations, useWithdrawInvitation } from '@salondesk/react';
import { useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { cx } from '../../../ui/cx';

const TONE: Record<Invitation['status'], string> = {
  pending: 'bg-brand-50 text-brand-800',
  used: 'bg-emerald-50 text-emerald-800',
  expired: 'bg-slate-100 text-slate-700',
  withdrawn: 'bg-slate-100 text-slate-700',
};

/**
 * The location's invitations (issue 27): who was invited, as what, by whom, until when, and where
 * each stands; a waiting one can be withdrawn (its link stops working). Shown only when there is one.
 */
export function Invitations({ businessId, mayEdit }: { businessId: number; mayEdit: boolean }) {
  const list = useInvitations(businessId);
  const withdraw = useWithdrawInvitation(businessId);
  const { timezone } = useBusinessDisplay(businessId);
  const [asking, setAsking] = useState<Invitation | null>(null);

  if (list.isError) return <div className="mt-8"><LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} /></div>;
  if (!list.data || list.data.length === 0) return null;

  const confirm = () => {
    if (!asking) return;
    withdraw.mutate(asking.id, {
      onSuccess: () => toasts.success(MESSAGES.invitationWithdrawnDone),
      onError: (error) => toasts.error(error.message),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <section aria-labelledby="invitations" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200 print:hidden">
      <h2 id="invitations" className="text-base font-semibold text-slate-900">Invitations</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {list.data.map((invitation) => (
          <li key={invitation.id} aria-label={invitation.email} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{invitation.email}</p>
              <p className="text-xs text-slate-500">
                {INVITABLE_ROLE_LABEL[invitation.role]}
                {invitation.invited_by ? ` · invited by ${invitation.invited_by}` : ''}
                {invitation.status === 'pending' ? ` · link works until ${formatInstantIn(invitation.expires_at, timezone)}` : ''}
                {invitation.used_at ? ` · account created ${formatInstantIn(invitation.used_at, timezone)}` : ''}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', TONE[invitation.status])}>{INVITATION_STATUS_LABEL[invitation.status]}</span>
              {mayEdit && invitation.status === 'pending' ? (
                <Button variant="ghost" size="sm" onClick={() => setAsking(invitation)} aria-label={`Withdraw the invitation to ${invitation.email}`}>
                  Withdraw
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title="Withdraw this invitation?"
        description={asking ? `The link sent to ${asking.email} will stop working. You can invite them again later.` : undefined}
        confirmLabel="Withdraw invitation"
        pending={withdraw.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
