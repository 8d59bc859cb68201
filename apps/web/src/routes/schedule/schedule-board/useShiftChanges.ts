import { type CopyPlan, type DraftFlagEvent, MESSAGES, type ScheduleEntry, type ScheduleMode, shiftsCopied } from '@salondesk/core';
import { useCopySchedules, useCreateSchedule, useRemoveSchedule, useUpdateSchedule } from '@salondesk/react';
import { useCallback, useRef, useState } from 'react';
import { toasts } from '../../../app/toasts';
import type { EntryFormValue } from './ScheduleEntryDialog';
import { hhmm, type EntryPlace } from '../../../components/ScheduleGrid/scheduleGridMath';
import { copyInput, errorText } from './scheduleView';
import type { BoardDialog } from './boardDialog';

export interface ShiftChangesInput {
  businessId: number;
  /** Every entry loaded (dated and template), by id. */
  allEntries: ReadonlyMap<number, ScheduleEntry>;
  /** The mode shown: what a new shift is (a template shift, a draft, a published shift). */
  mode: ScheduleMode;
  /** The template a new template shift goes to. */
  templateId: string;
  markDraft: (event: DraftFlagEvent) => void;
  setDialog: (dialog: BoardDialog) => void;
  setDialogError: (message: string | null) => void;
}

/**
 * The scheduler's changes to shifts: a move or resize saved at once (one after another per shift,
 * the new place shown until it is saved), a shift saved or removed from its editor, copies made in
 * one request. Each marks the drafts indicator as it is sent.
 */
export function useShiftChanges({ businessId, allEntries, mode, templateId, markDraft, setDialog, setDialogError }: ShiftChangesInput) {
  const [dialogSaving, setDialogSaving] = useState(false);
  const [pending, setPending] = useState<ReadonlyMap<number, EntryPlace>>(new Map());
  const queues = useRef(new Map<number, Promise<unknown>>());
  const create = useCreateSchedule(businessId);
  const update = useUpdateSchedule(businessId);
  const remove = useRemoveSchedule(businessId);
  const copy = useCopySchedules(businessId);
  const fail = (error: unknown) => toasts.error(errorText(error));

  /** Saves a moved or resized entry; changes of one entry are sent one after another. */
  const onChange = useCallback(
    (id: number, place: EntryPlace) => {
      const entry = allEntries.get(id);
      if (!entry) return;
      setPending((p) => new Map(p).set(id, place));
      const kind = entry.dow !== null ? ('static' as const) : ('dynamic' as const);
      const times = { employee_id: place.rowId, start_time: hhmm(place.start), end_time: hhmm(place.end) };
      const changes = kind === 'static' ? { ...times, dow: Number(place.columnKey) } : { ...times, day: place.columnKey };
      const previous = queues.current.get(id) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(() => {
          // The edit marks drafts as it is sent; the refetch that follows settles the indicator.
          if (kind === 'dynamic' && !entry.published) markDraft({ type: 'edit' });
          return update.mutateAsync({ id, kind, changes } as Parameters<typeof update.mutateAsync>[0]);
        })
        .then(undefined, (error: unknown) => fail(error))
        .finally(() => {
          if (queues.current.get(id) === next) {
            queues.current.delete(id);
            setPending((p) => {
              const copy = new Map(p);
              copy.delete(id);
              return copy;
            });
          }
        });
      queues.current.set(id, next);
    },
    [allEntries, update, markDraft],
  );

  /** Adds planned copies in one request (overlaps left out by the server too) and says what was made and skipped. */
  function runCopies(plan: CopyPlan, noun: 'draft' | 'template shift') {
    if (plan.create.length === 0) return;
    setDialogError(null);
    if (noun === 'draft') markDraft({ type: 'edit' });
    copy.mutate(plan.create.map(copyInput), {
      onSuccess: (added) => {
        toasts.success(shiftsCopied(added.length, { overlapping: plan.overlapping + plan.create.length - added.length, holidays: plan.holidays }, noun));
        setDialog(null);
      },
      onError: (error) => setDialogError(errorText(error)),
    });
  }

  async function saveEntry(entryId: number | null, v: EntryFormValue) {
    const rotation = v.rotate ? { alternate: v.every, start: v.anchor, except: v.except.split(/[\s,]+/).filter(Boolean) } : null;
    setDialogSaving(true);
    try {
      if (entryId === null) {
        if (mode === 'template') {
          await create.mutateAsync({ employee_id: v.rowId, dow: Number(v.when), template_id: templateId, start_time: v.start, end_time: v.end, detail: rotation });
        } else {
          if (mode === 'edit') markDraft({ type: 'edit' });
          await create.mutateAsync({ employee_id: v.rowId, day: v.when, start_time: v.start, end_time: v.end, published: mode === 'publish' });
        }
      } else {
        const entry = allEntries.get(entryId);
        if (entry?.dow !== null) {
          await update.mutateAsync({ id: entryId, kind: 'static', changes: { employee_id: v.rowId, dow: Number(v.when), start_time: v.start, end_time: v.end, detail: rotation } });
        } else {
          if (!entry.published) markDraft({ type: 'edit' });
          await update.mutateAsync({ id: entryId, kind: 'dynamic', changes: { employee_id: v.rowId, day: v.when, start_time: v.start, end_time: v.end } });
        }
      }
      setDialog(null);
    } catch (error) {
      setDialogError(errorText(error));
      fail(error);
    } finally {
      setDialogSaving(false);
    }
  }

  async function deleteEntry(id: number) {
    const entry = allEntries.get(id);
    if (!entry) return;
    try {
      if (entry.day !== null && !entry.published) markDraft({ type: 'edit' });
      await remove.mutateAsync({ id, kind: entry.dow !== null ? 'static' : 'dynamic' });
      setDialog(null);
    } catch (error) {
      // The catalogue's message for this call, unless the server said something more precise.
      toasts.error(errorText(error) || MESSAGES.failedToDeleteSchedule);
    }
  }

  return { pending, onChange, runCopies, saveEntry, deleteEntry, saving: dialogSaving, copying: copy.isPending, removing: remove.isPending };
}
