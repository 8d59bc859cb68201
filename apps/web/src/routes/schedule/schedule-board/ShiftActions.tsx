import { addDays, copyShift, type CopyPlan, type Holiday, planCopies, repeatDays, type ScheduleEntry } from '@salondesk/core';
import type { GridColumn, GridRow } from '../../../components/ScheduleGrid';
import { type ActionPreview, type RepeatChoice, ShiftPopover } from './ShiftPopover';
import { copyPreviewText, DOW_LONG, shortDate } from './scheduleView';

export interface ShiftActionsProps {
  /** The shift whose popover is open (none: closed). */
  entry: ScheduleEntry | undefined;
  anchor: DOMRect | null;
  rows: readonly GridRow[];
  /** The columns shown: the days a copy may go to (days of the week for a template shift). */
  columns: readonly GridColumn[];
  /** What copies must not overlap (the overlap rule): the dated entries loaded, or the template entries. */
  competing: readonly ScheduleEntry[];
  holidays: readonly Holiday[];
  weekStartsOn: number;
  /** The user may change the schedule: edit, remove, copy and repeat are offered. */
  canEdit: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onEdit: (id: number) => void;
  onRemove: (id: number) => void;
  /** Adds the planned copies (drafts, or template shifts). */
  onCopies: (plan: CopyPlan, noun: 'draft' | 'template shift') => void;
}

/** `Ava Bennett, Tue Jun 3` (a template shift: `Ava Bennett, every Tuesday`). */
export function describeWho(entry: ScheduleEntry, rows: readonly GridRow[]): string {
  const who = rows.find((r) => r.id === entry.employee_id)?.name ?? 'Staff member';
  return `${who}, ${entry.day ? `${DOW_LONG[new Date(`${entry.day}T00:00:00Z`).getUTCDay()]?.slice(0, 3)} ${shortDate(entry.day)}` : `every ${DOW_LONG[entry.dow ?? 0]}`}`;
}

/**
 * A shift's popover on the scheduler: edit and remove it, copy it to other days and staff, repeat
 * it weekly. Copies are planned by core's rules against what is loaded (`planCopies`: overlaps, and
 * for a repeat holidays, are skipped and counted) and sent in one request.
 */
export function ShiftActions({ entry, anchor, rows, columns, competing, holidays, weekStartsOn, canEdit, busy, error, onClose, onEdit, onRemove, onCopies }: ShiftActionsProps) {
  const noun = entry && entry.dow !== null ? ('template shift' as const) : ('draft' as const);
  const copyPlan = (e: ScheduleEntry, days: readonly string[], staff: readonly number[]) => planCopies(copyShift(e, { columns: days, staff }), competing, { weekStartsOn });
  /** A dated shift repeated weekly: holidays and overlaps with what is loaded left out (the server leaves out the rest). */
  const repeatPlan = (e: ScheduleEntry, choice: RepeatChoice) =>
    planCopies(copyShift(e, { columns: repeatDays(e.day as string, choice), staff: [e.employee_id] }), competing, { weekStartsOn, holidays });
  return (
    <ShiftPopover
      open={entry !== undefined}
      anchor={anchor}
      title={entry ? describeWho(entry, rows) : ''}
      detail={entry ? `${entry.start_time}–${entry.end_time} · ${entry.dow !== null ? 'template' : entry.published ? 'published' : 'draft'}` : ''}
      onClose={onClose}
      busy={busy}
      error={error}
      {...(entry && canEdit
        ? {
            onEdit: () => onEdit(entry.id),
            onRemove: () => onRemove(entry.id),
            copy: {
              days: columns.map((c) => ({ key: c.key, label: entry.dow !== null ? c.label.slice(0, 3) : `${c.label} ${Number(c.key.slice(8))}` })),
              staff: rows.map((r) => ({ id: r.id, name: r.name })),
              day: entry.day ?? String(entry.dow),
              staffId: entry.employee_id,
              preview: (days: readonly string[], staff: readonly number[]): ActionPreview => {
                const plan = copyPlan(entry, days, staff);
                return { count: plan.create.length, text: copyPreviewText(plan, noun) };
              },
              onCopy: (days: readonly string[], staff: readonly number[]) => onCopies(copyPlan(entry, days, staff), noun),
            },
            ...(entry.day !== null
              ? {
                  repeat: {
                    min: addDays(entry.day, 7),
                    preview: (choice: RepeatChoice): ActionPreview => {
                      const days = repeatDays(entry.day as string, choice);
                      if (days.length === 0) return { count: 0, text: 'Choose a day at least a week after this one.' };
                      const plan = repeatPlan(entry, choice);
                      return { count: plan.create.length, text: `${copyPreviewText(plan)} Weekly to ${shortDate(days.at(-1) as string)}; a week where it would overlap a shift is skipped.` };
                    },
                    onRepeat: (choice: RepeatChoice) => onCopies(repeatPlan(entry, choice), 'draft'),
                  },
                }
              : {}),
          }
        : {})}
    />
  );
}
