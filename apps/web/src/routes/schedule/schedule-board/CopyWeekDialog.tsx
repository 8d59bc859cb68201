import { addDays, copyDays, type Holiday, MESSAGES, planCopies, type ScheduleEntry } from '@salondesk/core';
import { useScheduleRange } from '@salondesk/react';
import { useMemo } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { copyPreviewText, shortDate } from './scheduleView';

export interface CopyWeekDialogProps {
  open: boolean;
  businessId: number;
  /** The first day of the week the drafts go to. */
  start: string;
  /** What that week holds now (its drafts are what copies may not overlap). */
  current: readonly ScheduleEntry[];
  holidays: readonly Holiday[];
  weekStartsOn: number;
  loading: boolean;
  onCopy: (plan: ReturnType<typeof planCopies>) => void;
  onClose: () => void;
}

/**
 * "Copy previous week": the week before, as it stands once its drafts are published, becomes
 * drafts of this week, same staff and times; what would overlap a draft already here, or falls on
 * a holiday, is skipped. Says how many it will create and skip before anything is made.
 */
export function CopyWeekDialog({ open, businessId, start, current, holidays, weekStartsOn, loading, onCopy, onClose }: CopyWeekDialogProps) {
  const from = addDays(start, -7);
  const previous = useScheduleRange(businessId, from, 7, { enabled: open });
  const plan = useMemo(
    () => (previous.data ? planCopies(copyDays(previous.data.schedules, from, start), current, { weekStartsOn, holidays }) : null),
    [previous.data, from, start, current, weekStartsOn, holidays],
  );
  const source = `${shortDate(from)} – ${shortDate(addDays(from, 6))}`;
  const target = `${shortDate(start)} – ${shortDate(addDays(start, 6))}`;
  const empty = plan !== null && plan.create.length === 0 && plan.overlapping === 0 && plan.holidays === 0;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Copy the previous week into drafts?"
      description={`The shifts of ${source} (with its drafts where a day has some) become drafts for ${target}, same staff and times.`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!plan || plan.create.length === 0} loading={loading} onClick={() => plan && onCopy(plan)}>
            {plan && plan.create.length > 0 ? `Create ${plan.create.length} ${plan.create.length === 1 ? 'draft' : 'drafts'}` : 'Create drafts'}
          </Button>
        </>
      }
    >
      {previous.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {previous.error?.message || MESSAGES.failedToFetchData}
        </p>
      ) : !plan ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" /> Reading {source}…
        </p>
      ) : empty ? (
        <p className="text-sm text-slate-800">{source} has no shifts to copy.</p>
      ) : (
        <p className="text-sm text-slate-800" data-testid="copy-week-summary">
          {copyPreviewText(plan)}
        </p>
      )}
    </Modal>
  );
}
