import { clockPinProblem, formatInstantIn, MESSAGES, type StaffMember } from '@salondesk/core';
import { useClockPin, useSetClockPin } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';

/**
 * The member's PIN for the staff clock (`/{businessId}/clock`): whether one is set, and for those
 * who manage staff, a new one (4 to 8 digits, not a run) or none. The PIN is never shown again:
 * the server keeps only its hash. A new PIN also lifts a lock after wrong tries.
 */
export function ClockPinSection({ businessId, member, mayEdit }: { businessId: number; member: StaffMember; mayEdit: boolean }) {
  const state = useClockPin(businessId, member.id);
  const save = useSetClockPin(businessId);
  const display = useBusinessDisplay(businessId);
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const problem = clockPinProblem(pin);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    save.mutateAsync({ staffId: member.id, pin }).then(
      () => {
        toasts.success(MESSAGES.clockPinSaved);
        setPin('');
        setTried(false);
      },
      (error: Error) => toasts.error(error.message),
    );
  };
  const remove = () =>
    save.mutateAsync({ staffId: member.id, pin: null }).then(
      () => {
        toasts.success(MESSAGES.clockPinSaved);
        setConfirmRemove(false);
      },
      (error: Error) => toasts.error(error.message),
    );

  return (
    <section aria-labelledby="clock-pin" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="clock-pin" className="text-base font-semibold text-slate-900">
        Clock PIN
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {member.name} types it on the{' '}
        <Link to={`/${businessId}/clock`} className="font-medium text-brand-700 hover:underline">
          staff clock
        </Link>{' '}
        to clock in and out. It is never shown again; set a new one if it is forgotten.
      </p>
      {state.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {state.error.message}
        </p>
      ) : !state.data ? (
        <Skeleton className="mt-3 h-6 w-48" />
      ) : (
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="clock-pin-state">
          {state.data.has_pin ? `PIN set${state.data.updated_at ? ` (${formatInstantIn(state.data.updated_at, display.timezone)})` : ''}` : 'No PIN yet: the staff clock cannot be used.'}
        </p>
      )}
      {mayEdit ? (
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-start gap-2" noValidate>
          <TextField
            className="w-48"
            label={state.data?.has_pin ? 'New PIN' : 'PIN'}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            value={pin}
            error={tried ? problem : null}
            hint="4 to 8 digits"
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" variant="secondary" className="mt-7" loading={save.isPending && !confirmRemove}>
            Save PIN
          </Button>
          {state.data?.has_pin ? (
            <Button type="button" variant="ghost" className="mt-7" onClick={() => setConfirmRemove(true)}>
              Remove PIN
            </Button>
          ) : null}
        </form>
      ) : null}
      <Modal
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={`Remove ${member.name}’s clock PIN?`}
        description="They cannot clock in or out on the staff clock until a new PIN is set."
        actions={
          <>
            <Button variant="danger" onClick={() => void remove()} loading={save.isPending}>
              Remove PIN
            </Button>
            <Button variant="ghost" onClick={() => setConfirmRemove(false)}>
              Cancel
            </Button>
          </>
        }
      />
    </section>
  );
}
