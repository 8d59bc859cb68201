import {
  dayNumber,
  type DayStoreHours,
  formatTime,
  isDraft,
  MASTER_TEMPLATE_ID,
  MESSAGES,
  nextDraftFlag,
  parseDuration,
  parseTime,
  templatesOf,
  userCan,
  type DraftFlagEvent,
  type ScheduleEntry,
  type ScheduleMode,
  type ScheduleSettings,
  weekStartOf,
} from '@salondesk/core';
import {
  useScheduleHolidays,
  useScheduleRange,
  useScheduleStaff,
  useSession,
  useUpdateStaffProperty,
} from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import type { GridEntry, GridRow } from '../../../components/ScheduleGrid';
import { hhmm, type EntryPlace } from '../../../components/ScheduleGrid/scheduleGridMath';
import { columnsFor, entriesFor, errorText, gridSpanFor, hoursEntries, hoursSummaries, overlapAt, SCHEDULE_VIEW_DAYS, viewEnd, viewOf } from './scheduleView';
import type { BoardDialog } from './boardDialog';
import { useShiftChanges } from './useShiftChanges';

/** What the screen keeps of the last schedule it loaded while the next week loads. */
interface Known {
  settings: ScheduleSettings;
  hours: DayStoreHours[];
  today: string;
  timezone: string;
}

/**
 * The scheduler's state (spec 000 §4): the week and view in the address, the mode and template
 * shown, what the grid shows (columns, entries, hours), the open dialog, and the changes made on
 * the grid and in the shift editor (moves saved one after another per shift, drawn shifts shown
 * while saved, copies, removals), with the drafts indicator they keep.
 */
export function useScheduleBoard(businessId: number) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const canEdit = session !== null && userCan(session.user, 'operation.staff');

  // The week shown is in the address (`?start=`): a reload or a link opens the same week.
  const [params, setParams] = useSearchParams();
  const asked = params.get('start');
  const start = asked !== null && dayNumber(asked) !== null ? asked : undefined;
  // The view too (`&view=week|fortnight`); without one, the settings' viewDays decide (14 days by default).
  const askedView = params.get('view');
  const setParam = useCallback(
    (key: 'start' | 'view', value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setStart = useCallback((day: string) => setParam('start', day), [setParam]);
  const fetchDays = askedView === 'week' || askedView === 'fortnight' ? SCHEDULE_VIEW_DAYS[askedView] : undefined;
  // Both ask for the same days (`start`, or this week; the view's days): fetched at once, not one after the other.
  const range = useScheduleRange(businessId, start, fetchDays);
  const staff = useScheduleStaff(businessId, start, fetchDays);
  const holidays = useScheduleHolidays(businessId);
  const [known, setKnown] = useState<Known | null>(null);
  useEffect(() => {
    if (range.data) setKnown({ settings: range.data.settings, hours: range.data.hours, today: range.data.today, timezone: range.data.timezone });
  }, [range.data]);
  const current = range.data ?? known;
  const settings = current?.settings;
  const viewStart = start ?? range.data?.start;
  const view = viewOf(askedView, settings?.viewDays);
  const shownDays = SCHEDULE_VIEW_DAYS[view];
  const weekLoading = !range.data || !staff.data;
  // A week is shown from its first day (the settings' weekStartsOn), whatever day the address names.
  useEffect(() => {
    if (settings && start && weekStartOf(start, settings.weekStartsOn) !== start) setStart(weekStartOf(start, settings.weekStartsOn));
  }, [settings, start, setStart]);
  const [visibleDays, setVisibleDays] = useState<readonly string[]>([]);

  const [mode, setMode] = useState<ScheduleMode | null>(null);
  const activeMode: ScheduleMode = mode ?? settings?.mode ?? 'publish';
  const [templateId, setTemplateId] = useState(MASTER_TEMPLATE_ID);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [draftFlag, dispatchDraft] = useReducer(nextDraftFlag, false);
  const drawnIds = useRef(-1);

  const viewLast = viewStart ? viewEnd(viewStart, shownDays) : '';
  const dated = useMemo(
    () => (range.data?.schedules ?? []).filter((e) => e.day !== null && viewStart !== undefined && e.day >= viewStart && e.day <= viewLast),
    [range.data, viewStart, viewLast],
  );
  const draftCount = dated.filter(isDraft).length;
  // Every fresh copy of the visible range settles the indicator (nextDraftFlag): on exactly when it holds drafts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => dispatchDraft({ type: 'loaded', drafts: draftCount }), [range.dataUpdatedAt, viewStart, shownDays]);
  const markDraft = useCallback((event: DraftFlagEvent) => dispatchDraft(event), []);

  const rows: GridRow[] = useMemo(() => (staff.data ?? []).map((s) => ({ id: s.id, name: s.display_name, color: s.schedulerColor })), [staff.data]);
  const dayColumns = useMemo(
    () => (settings && viewStart ? columnsFor(activeMode, viewStart, settings, holidays.data ?? [], current?.today ?? '', current?.hours ?? [], shownDays) : []),
    [activeMode, viewStart, settings, holidays.data, current?.today, current?.hours, shownDays],
  );
  // Scheduled hours per staff member and week, staffed hours per day (`SCHEDULE_FIGURES`), from what the mode shows.
  const hours = useMemo(
    () => hoursSummaries(activeMode, dayColumns, hoursEntries(activeMode, dated, staff.data ?? [], templateId), (staff.data ?? []).map((s) => s.id)),
    [activeMode, dayColumns, dated, staff.data, templateId],
  );
  const columns = useMemo(() => dayColumns.map((c) => ({ ...c, ...hours.columns.get(c.key) })), [dayColumns, hours]);
  const baseEntries = useMemo(() => entriesFor(activeMode, dated, staff.data ?? [], templateId), [activeMode, dated, staff.data, templateId]);
  const span = useMemo(
    () => gridSpanFor(columns, baseEntries, settings?.storeHours ?? { start: '07:00', end: '22:00' }, parseDuration(settings?.snap) ?? 15),
    [columns, baseEntries, settings],
  );
  const allEntries = useMemo(() => new Map<number, ScheduleEntry>([...dated, ...(staff.data ?? []).flatMap((s) => s.schedules)].map((e) => [e.id, e])), [dated, staff.data]);
  const templates = settings ? templatesOf(settings) : [];
  const changes = useShiftChanges({ businessId, allEntries, mode: activeMode, templateId, markDraft, setDialog, setDialogError });
  const { pending, saveEntry } = changes;
  // A shift drawn by dragging shows at once, while it is saved.
  const [creating, setCreating] = useState<readonly GridEntry[]>([]);
  const entries = useMemo(() => {
    const moved = pending.size === 0 ? baseEntries : baseEntries.map((e) => (pending.has(e.id) ? { ...e, ...pending.get(e.id) } : e));
    return creating.length === 0 ? moved : [...moved, ...creating];
  }, [baseEntries, pending, creating]);

  const fail = (error: unknown) => toasts.error(errorText(error));

  /** The settings' default start and length, within the store hours of the day clicked. */
  const defaultTimes = (columnKey: string) => {
    const hours = columns.find((c) => c.key === columnKey)?.hours ?? span;
    const s = Math.min(Math.max(parseTime(settings?.defaultStartTime) ?? 600, hours.open), hours.close - span.snap);
    const d = parseDuration(settings?.defaultDuration) ?? 540;
    return { start: formatTime(s), end: formatTime(Math.min(s + d, hours.close)) };
  };

  const whenOptions =
    activeMode === 'template' ? columns.map((c) => ({ value: c.key, label: c.label })) : columns.map((c) => ({ value: c.key, label: `${c.label} ${c.sublabel ?? ''}` }));

  const onCreate = useCallback(
    (place: { rowId: number; columnKey: string; start?: number; end?: number }) => {
      setDialogError(null);
      if (place.start !== undefined && place.end !== undefined) {
        // Drawn by dragging: saved at once (no dialog), shown while it is saved.
        const drawn: GridEntry = { id: --drawnIds.current, rowId: place.rowId, columnKey: place.columnKey, start: place.start, end: place.end, tone: activeMode === 'publish' ? 'published' : activeMode === 'template' ? 'template' : 'draft' };
        setCreating((list) => [...list, drawn]);
        void saveEntry(null, { rowId: place.rowId, when: place.columnKey, start: hhmm(place.start), end: hhmm(place.end), rotate: false, every: 2, anchor: viewStart ?? '', except: '' }).finally(() =>
          setCreating((list) => list.filter((e) => e !== drawn)),
        );
        return;
      }
      setDialog({ type: 'entry', entryId: null, value: { rowId: place.rowId, when: place.columnKey, ...defaultTimes(place.columnKey), rotate: false, every: 2, anchor: viewStart ?? '', except: '' } });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [activeMode, viewStart, settings, templateId, columns],
  );

  /** A shift's editor (from its popover, or the drafts list). */
  const openEditor = useCallback(
    (id: number) => {
      const e = allEntries.get(id);
      if (!e) return;
      setDialogError(null);
      setDialog({
        type: 'entry',
        entryId: id,
        value: {
          rowId: e.employee_id,
          when: e.day ?? String(e.dow),
          start: e.start_time,
          end: e.end_time,
          rotate: e.detail !== null && e.detail.alternate > 1,
          every: e.detail?.alternate ?? 2,
          anchor: e.detail?.start ?? viewStart ?? '',
          except: e.detail?.except.join(', ') ?? '',
        },
      });
    },
    [allEntries, viewStart],
  );

  /** A shift clicked or opened by Enter: its popover (edit, remove, copy, repeat). */
  const onOpen = useCallback(
    (id: number, anchor: HTMLElement) => {
      if (!allEntries.has(id)) return;
      setDialogError(null);
      setDialog({ type: 'shift', entryId: id, anchor: anchor.getBoundingClientRect() });
    },
    [allEntries],
  );

  const onDelete = useCallback((id: number) => setDialog({ type: 'confirm-delete', entryId: id }), []);

  // The entries a shift in this mode competes with for the overlap rule: template entries, or the dated ones loaded.
  const competing = useMemo(
    () => (activeMode === 'template' ? (staff.data ?? []).flatMap((s) => s.schedules.filter((e) => e.dow !== null)) : (range.data?.schedules ?? [])),
    [activeMode, staff.data, range.data],
  );
  const weekStartsOn = settings?.weekStartsOn ?? 0;
  /** Why a shift cannot be drawn or dropped there (it would overlap one of that person's), shown while dragging. */
  const placeError = useCallback(
    (place: EntryPlace, id: number | null) => overlapAt(activeMode, place, id === null ? undefined : allEntries.get(id), competing, templateId, weekStartsOn),
    [activeMode, allEntries, competing, templateId, weekStartsOn],
  );
  const onRefuse = useCallback((message: string) => toasts.error(message), []);

  const updateStaffProperty = useUpdateStaffProperty(businessId);
  const assignColor = updateStaffProperty.mutate;
  /** A staff member's scheduler colour, saved at once. */
  const setColor = useCallback(
    (row: GridRow, color: string) =>
      assignColor(
        { staffId: row.id, key: 'schedulerColor', value: color },
        {
          onSuccess: () => {
            toasts.success(MESSAGES.staffColorAssigned);
            // The staff queries refresh in the hook; the scheduler's rows carry the colour too.
            return queryClient.invalidateQueries({ queryKey: ['salondesk'] });
          },
          onError: (error: unknown) => fail(error),
        },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [assignColor, queryClient],
  );
  const askClearAll = useCallback((row: GridRow) => setDialog({ type: 'confirm-clear-all', row }), []);

  /** Opens a dialog with no message left from the last one. */
  const openFresh = (next: BoardDialog) => {
    setDialogError(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  return {
    businessId,
    canEdit,
    range,
    staff,
    holidays,
    current,
    settings,
    viewStart,
    view,
    shownDays,
    weekLoading,
    setStart,
    setParam,
    visibleDays,
    setVisibleDays,
    activeMode,
    setMode,
    templateId,
    setTemplateId,
    templates,
    dialog,
    setDialog,
    openFresh,
    close,
    dialogError,
    setDialogError,
    dialogSaving: changes.saving,
    draftFlag,
    draftCount,
    markDraft,
    dated,
    rows,
    columns,
    hours,
    entries,
    span,
    allEntries,
    competing,
    weekStartsOn,
    whenOptions,
    fail,
    onChange: changes.onChange,
    onCreate,
    openEditor,
    onOpen,
    onDelete,
    placeError,
    onRefuse,
    runCopies: changes.runCopies,
    copying: changes.copying,
    saveEntry,
    deleteEntry: changes.deleteEntry,
    removing: changes.removing,
    setColor,
    askClearAll,
  };
}

export type ScheduleBoard = ReturnType<typeof useScheduleBoard>;
