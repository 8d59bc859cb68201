import {
  addDays,
  clearAllScope,
  dayNumber,
  draftsNotPublished,
  type DayStoreHours,
  formatTime,
  isDraft,
  MASTER_TEMPLATE_ID,
  MESSAGES,
  nextDraftFlag,
  parseDuration,
  parseTime,
  SCHEDULE_FIGURES,
  SCHEDULE_MODE_LABEL,
  schedulePublishedFor,
  shiftsCopied,
  staffSchedulesCleared,
  templatesOf,
  userCan,
  type CopyPlan,
  type DraftFlagEvent,
  type ScheduleEntry,
  type ScheduleMode,
  type ScheduleSettings,
  weekStartOf,
} from '@salondesk/core';
import {
  useClearAllSchedules,
  useClearDrafts,
  useClearTemplate,
  useCopyDraftsFromTemplate,
  useCopySchedules,
  useCreateSchedule,
  usePublishDrafts,
  usePublishPreview,
  useRemoveSchedule,
  useRepublish,
  useRepublishPreview,
  useScheduleHolidays,
  useScheduleRange,
  useScheduleStaff,
  useSession,
  useUpdateHolidays,
  useUpdateSchedule,
  useUpdateStaffProperty,
  useUpdateScheduleSettings,
} from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { ColorPicker } from '../../../ui/ColorPicker';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { FigureLabel } from '../../../ui/FigureLabel';
import { HolidayEditor } from '../../../ui/HolidayEditor';
import { Modal } from '../../../ui/Modal';
import { ScheduleEntryDialog, type EntryFormValue } from '../../../ui/ScheduleEntryDialog';
import { ScheduleGrid, type GridEntry, type GridRow } from '../../../ui/ScheduleGrid';
import { hhmm, type EntryPlace } from '../../../ui/scheduleGridMath';
import { ScheduleSettingsForm } from '../../../ui/ScheduleSettingsForm';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { TemplateListEditor as TemplateListEditorLazy } from '../../../ui/TemplateListEditor';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { Skeleton } from '../../../ui/Skeleton';
import { ActivityDrawer } from './ActivityDrawer';
import { ClearAllDialog } from './ClearAllDialog';
import { ConfirmChangesDialog } from './ConfirmChangesDialog';
import { CopyWeekDialog } from './CopyWeekDialog';
import { DraftsDrawer } from './DraftsDrawer';
import { ShiftActions } from './ShiftActions';
import {
  changeTotal,
  columnsFor,
  copyInput,
  DOW_LONG,
  draftLines,
  entriesFor,
  fallbackHoursNote,
  gridSpanFor,
  hoursEntries,
  hoursSummaries,
  overlapAt,
  SCHEDULE_VIEW_DAYS,
  SCHEDULE_VIEW_LABEL,
  type ScheduleView,
  shortDate,
  storeHoursNote,
  viewEnd,
  viewOf,
  weekLines,
} from './scheduleView';

const MODES: readonly { value: ScheduleMode; label: string }[] = (['publish', 'edit', 'template'] as const).map((value) => ({ value, label: SCHEDULE_MODE_LABEL[value] }));
const VIEWS: readonly { value: ScheduleView; label: string }[] = (['week', 'fortnight'] as const).map((value) => ({ value, label: SCHEDULE_VIEW_LABEL[value] }));
const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.requestFailed);

type Dialog =
  | { type: 'entry'; entryId: number | null; value: EntryFormValue }
  | { type: 'holidays' }
  | { type: 'templates' }
  | { type: 'confirm-clear-drafts' }
  | { type: 'confirm-clear-template' }
  | { type: 'copy-template' }
  | { type: 'confirm-delete'; entryId: number }
  | { type: 'confirm-clear-all'; row: GridRow }
  | { type: 'confirm-publish'; start: string; end: string }
  | { type: 'confirm-republish'; start: string }
  | { type: 'settings' }
  | { type: 'activity' }
  | { type: 'shift'; entryId: number; anchor: DOMRect | null }
  | { type: 'drafts' }
  | { type: 'copy-week' }
  | null;

/** What the screen keeps of the last schedule it loaded while the next week loads. */
interface Known {
  settings: ScheduleSettings;
  hours: DayStoreHours[];
  today: string;
  timezone: string;
}

/** `/{businessId}/schedule`: the scheduler (spec 000 §4): published schedule, draft editing and templates. */
export function Component() {
  const businessId = Number(useParams().businessId);
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
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [dialogSaving, setDialogSaving] = useState(false);
  const [draftFlag, dispatchDraft] = useReducer(nextDraftFlag, false);
  const [pending, setPending] = useState<ReadonlyMap<number, EntryPlace>>(new Map());
  const drawnIds = useRef(-1);
  const queues = useRef(new Map<number, Promise<unknown>>());

  const create = useCreateSchedule(businessId);
  const update = useUpdateSchedule(businessId);
  const remove = useRemoveSchedule(businessId);
  const publish = usePublishDrafts(businessId);
  const clearDrafts = useClearDrafts(businessId);
  const republish = useRepublish(businessId);
  const clearTemplate = useClearTemplate(businessId);
  const copyTemplate = useCopyDraftsFromTemplate(businessId);
  const saveSettings = useUpdateScheduleSettings(businessId);
  const saveHolidays = useUpdateHolidays(businessId);
  const clearAll = useClearAllSchedules(businessId);
  const copy = useCopySchedules(businessId);

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
  // A shift drawn by dragging shows at once, while it is saved.
  const [creating, setCreating] = useState<readonly GridEntry[]>([]);
  const entries = useMemo(() => {
    const moved = pending.size === 0 ? baseEntries : baseEntries.map((e) => (pending.has(e.id) ? { ...e, ...pending.get(e.id) } : e));
    return creating.length === 0 ? moved : [...moved, ...creating];
  }, [baseEntries, pending, creating]);
  const span = useMemo(
    () => gridSpanFor(columns, baseEntries, settings?.storeHours ?? { start: '07:00', end: '22:00' }, parseDuration(settings?.snap) ?? 15),
    [columns, baseEntries, settings],
  );
  const allEntries = useMemo(() => new Map<number, ScheduleEntry>([...dated, ...(staff.data ?? []).flatMap((s) => s.schedules)].map((e) => [e.id, e])), [dated, staff.data]);
  const templates = settings ? templatesOf(settings) : [];

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
        if (activeMode === 'template') {
          await create.mutateAsync({ employee_id: v.rowId, dow: Number(v.when), template_id: templateId, start_time: v.start, end_time: v.end, detail: rotation });
        } else {
          if (activeMode === 'edit') markDraft({ type: 'edit' });
          await create.mutateAsync({ employee_id: v.rowId, day: v.when, start_time: v.start, end_time: v.end, published: activeMode === 'publish' });
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

  const updateStaffProperty = useUpdateStaffProperty(businessId);
  const assignColor = updateStaffProperty.mutate;
  const rowAction = useCallback(
    (row: GridRow) =>
      canEdit ? (
        <>
          <ColorPicker
            label={`Scheduler colour for ${row.name}`}
            value={row.color}
            onChange={(color) =>
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
              )
            }
          />
          <button
            type="button"
            aria-label={`Clear all shifts for ${row.name}…`}
            title={`Clear all shifts for ${row.name}…`}
            onClick={() => setDialog({ type: 'confirm-clear-all', row })}
            className="flex size-6 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
        </>
      ) : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit, assignColor, queryClient],
  );

  if (range.isError || staff.isError) {
    const error = range.error ?? staff.error;
    return (
      <LoadError headingLevel={1} error={error} onRetry={() => void Promise.all([range.refetch(), staff.refetch()])} />
    );
  }
  if (!settings || !viewStart || !current) return <ScheduleSkeleton />;

  const end = viewEnd(viewStart, shownDays);
  const today = current.today;
  const shown = new Set(visibleDays);
  const popped = dialog?.type === 'shift' ? allEntries.get(dialog.entryId) : undefined;
  const title = activeMode === 'template' ? `Template: ${templates.find((t) => t.id === templateId)?.name ?? templateId}` : `${shortDate(viewStart)} – ${shortDate(end)}`;

  return (
    <div className="px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">Staff schedule</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Schedule</h1>
          <p className="mt-1 text-sm text-slate-600">
            {title} · {current.timezone}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl label="Scheduler mode" value={activeMode} options={MODES} onChange={(m) => setMode(m)} />
          <span role="status" className="contents">
            {draftFlag ? (
              <button
                type="button"
                onClick={() => setDialog({ type: 'drafts' })}
                className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-600" />
                {draftsNotPublished(draftCount)}
              </button>
            ) : null}
          </span>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        {activeMode !== 'template' ? (
          <div className="flex items-center gap-1" role="group" aria-label="Weeks">
            <Button variant="secondary" size="sm" onClick={() => setStart(addDays(viewStart, -7))}>
              Previous week
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setStart(weekStartOf(today, settings.weekStartsOn))}>
              Today
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setStart(addDays(viewStart, 7))}>
              Next week
            </Button>
            <span className="ml-1">
              <SegmentedControl label="Days shown" value={view} options={VIEWS} onChange={(v) => setParam('view', v)} />
            </span>
          </div>
        ) : settings.multipleTemplate ? (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            Template
            <select className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm" value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span className="flex-1" />
        {canEdit && activeMode === 'edit' ? (
          <>
            <Button variant="secondary" size="sm" disabled={weekLoading} onClick={() => setDialog({ type: 'copy-week' })}>
              Copy previous week…
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog({ type: 'copy-template' })}>
              Copy from template
            </Button>
            <Button variant="secondary" size="sm" disabled={draftCount === 0} onClick={() => setDialog({ type: 'confirm-clear-drafts' })}>
              Clear drafts
            </Button>
            <Button
              size="sm"
              disabled={draftCount === 0 || weekLoading}
              onClick={() => {
                setDialogError(null);
                setDialog({ type: 'confirm-publish', start: viewStart, end });
              }}
            >
              Publish drafts…
            </Button>
          </>
        ) : null}
        {canEdit && activeMode === 'publish' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={weekLoading}
            onClick={() => {
              setDialogError(null);
              setDialog({ type: 'confirm-republish', start: today });
            }}
          >
            Republish from templates ({settings.republishWeeks} weeks)…
          </Button>
        ) : null}
        {canEdit && activeMode === 'template' ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => setDialog({ type: 'templates' })}>
              Manage templates
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog({ type: 'confirm-clear-template' })}>
              Clear template
            </Button>
          </>
        ) : null}
        <Button variant="secondary" size="sm" onClick={() => setDialog({ type: 'holidays' })}>
          Holidays
        </Button>
        {canEdit ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setDialogError(null);
              setDialog({ type: 'settings' });
            }}
          >
            Schedule settings
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={() => setDialog({ type: 'activity' })}>
          Activity
        </Button>
      </div>

      <div className="mt-4">
        {weekLoading ? (
          <LoadingRegion label={`Loading ${shortDate(viewStart)} – ${shortDate(end)}`}>
            <Skeleton className="h-96 w-full" />
          </LoadingRegion>
        ) : rows.length === 0 ? (
          <EmptyState title="No active staff" description="Add staff members to build a schedule." />
        ) : (
          <ScheduleGrid
            label={`Schedule, ${SCHEDULE_MODE_LABEL[activeMode]}, ${title}`}
            columns={columns}
            rows={rows}
            entries={entries}
            span={span}
            editable={canEdit}
            fit={activeMode === 'template' || view === 'week'}
            rowSummaries={hours.rows}
            placeError={placeError}
            onRefuse={onRefuse}
            onCreate={onCreate}
            onChange={onChange}
            onOpen={onOpen}
            onDelete={onDelete}
            rowAction={rowAction}
            onVisibleColumnsChange={setVisibleDays}
          />
        )}
        <p className="mt-2 text-xs text-slate-600">
          {activeMode === 'edit'
            ? 'Drafts have dashed borders; faint bars are published shifts the drafts of that day replace when published.'
            : activeMode === 'template'
              ? 'Template shifts repeat every week, or on their rotation (↻N: every N weeks).'
              : 'Published shifts are what staff see.'}{' '}
          {canEdit ? 'Drag across a row to draw a shift, or press a day to add one; click a shift to edit, copy or repeat it. ' : ''}Shifts snap to{' '}
          {parseDuration(settings.snap)} minutes.
        </p>
        <p className="mt-1 text-xs text-slate-600">
          Under each name, its <FigureLabel label={SCHEDULE_FIGURES.scheduledHours.label} meaning={SCHEDULE_FIGURES.scheduledHours.meaning} />
          {activeMode === 'template' ? ' in a week of this template' : view === 'fortnight' ? ' of each week' : ''}; under each day, its{' '}
          <FigureLabel label={SCHEDULE_FIGURES.staffedHours.label} meaning={SCHEDULE_FIGURES.staffedHours.meaning} />.
        </p>
        <p className="mt-1 text-xs text-slate-600" data-testid="store-hours-note">
          {storeHoursNote(current.hours, settings.weekStartsOn)}
        </p>
      </div>

      <ScheduleEntryDialog
        open={dialog?.type === 'entry'}
        title={dialog?.type === 'entry' && dialog.entryId !== null ? 'Edit shift' : activeMode === 'template' ? 'Add template shift' : activeMode === 'edit' ? 'Add draft shift' : 'Add shift'}
        value={dialog?.type === 'entry' ? dialog.value : { rowId: 0, when: '', start: '', end: '', rotate: false, every: 2, anchor: '', except: '' }}
        staff={rows}
        whenLabel={activeMode === 'template' ? 'Day of the week' : 'Day'}
        whenOptions={whenOptions}
        showRotation={activeMode === 'template'}
        saving={dialogSaving}
        deleting={remove.isPending}
        error={dialogError}
        onSave={(v) => void saveEntry(dialog?.type === 'entry' ? dialog.entryId : null, v)}
        {...(dialog?.type === 'entry' && dialog.entryId !== null && canEdit ? { onDelete: () => void deleteEntry(dialog.entryId as number) } : {})}
        onClose={() => setDialog(null)}
      />

      <Modal
        open={dialog?.type === 'confirm-delete'}
        onClose={() => setDialog(null)}
        role="alertdialog"
        title="Remove this shift?"
        description={dialog?.type === 'confirm-delete' ? describe(allEntries.get(dialog.entryId), rows) : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Keep it
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => dialog?.type === 'confirm-delete' && void deleteEntry(dialog.entryId)}>
              Remove
            </Button>
          </>
        }
      />

      <Modal
        open={dialog?.type === 'confirm-clear-drafts'}
        onClose={() => setDialog(null)}
        role="alertdialog"
        title="Clear drafts?"
        description={`This removes the ${draftCount} unpublished drafts of ${shortDate(viewStart)} – ${shortDate(end)}. Published shifts stay.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Keep drafts
            </Button>
            <Button
              variant="danger"
              loading={clearDrafts.isPending}
              onClick={() =>
                clearDrafts.mutate(
                  { start: viewStart, end },
                  {
                    onSuccess: () => {
                      markDraft({ type: 'cleared' });
                      toasts.success(MESSAGES.draftsCleared);
                      setDialog(null);
                    },
                    onError: fail,
                  },
                )
              }
            >
              Clear drafts
            </Button>
          </>
        }
      />

      <Modal
        open={dialog?.type === 'confirm-clear-template'}
        onClose={() => setDialog(null)}
        role="alertdialog"
        title={`Clear the ${templates.find((t) => t.id === templateId)?.name ?? ''} template?`}
        description="Every shift of this template is removed. Published schedules and drafts stay as they are."
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={clearTemplate.isPending}
              onClick={() =>
                clearTemplate.mutate(
                  { templateId },
                  {
                    onSuccess: () => {
                      toasts.success(MESSAGES.masterTemplateCleared);
                      setDialog(null);
                    },
                    onError: (error) => toasts.error(errorText(error) || MESSAGES.templateNotFound),
                  },
                )
              }
            >
              Clear template
            </Button>
          </>
        }
      />

      <ClearAllDialog
        open={dialog?.type === 'confirm-clear-all'}
        name={dialog?.type === 'confirm-clear-all' ? dialog.row.name : ''}
        from={today}
        mode={activeMode}
        scope={
          dialog?.type === 'confirm-clear-all'
            ? clearAllScope(staff.data?.find((s) => s.id === dialog.row.id)?.schedules ?? [], dialog.row.id, today)
            : { template: 0, published: 0, drafts: 0 }
        }
        loading={clearAll.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.type !== 'confirm-clear-all') return;
          const { row } = dialog;
          markDraft({ type: 'edit' });
          clearAll.mutate(
            { employeeId: row.id, from: today },
            {
              onSuccess: (result) => {
                toasts.success(staffSchedulesCleared(row.name, result.cleared));
                setDialog(null);
              },
              onError: (error) => toasts.error(errorText(error) || MESSAGES.failedToDeleteSchedule),
            },
          );
        }}
      />

      <ShiftActions
        key={dialog?.type === 'shift' ? dialog.entryId : 'closed'}
        entry={popped}
        anchor={dialog?.type === 'shift' ? dialog.anchor : null}
        rows={rows}
        columns={columns}
        competing={competing}
        holidays={holidays.data ?? []}
        weekStartsOn={weekStartsOn}
        canEdit={canEdit}
        busy={copy.isPending}
        error={dialog?.type === 'shift' ? dialogError : null}
        onClose={() => setDialog(null)}
        onEdit={openEditor}
        onRemove={(id) => setDialog({ type: 'confirm-delete', entryId: id })}
        onCopies={runCopies}
      />

      <DraftsDrawer
        open={dialog?.type === 'drafts'}
        range={`${shortDate(viewStart)} – ${shortDate(end)}`}
        drafts={dialog?.type === 'drafts' ? draftLines(dated, viewStart, end, rows) : []}
        canPublish={canEdit}
        onOpenDraft={openEditor}
        onPublish={() => {
          setDialogError(null);
          setDialog({ type: 'confirm-publish', start: viewStart, end });
        }}
        onClose={() => setDialog(null)}
      />

      <CopyWeekDialog
        open={dialog?.type === 'copy-week'}
        businessId={businessId}
        start={viewStart}
        current={range.data?.schedules ?? []}
        holidays={holidays.data ?? []}
        weekStartsOn={weekStartsOn}
        loading={copy.isPending}
        onCopy={(plan) => runCopies(plan, 'draft')}
        onClose={() => setDialog(null)}
      />

      <ActivityDrawer open={dialog?.type === 'activity'} businessId={businessId} timezone={current.timezone} onClose={() => setDialog(null)} />

      <PublishConfirmation
        businessId={businessId}
        request={dialog?.type === 'confirm-publish' ? dialog : null}
        shown={shown}
        loading={publish.isPending}
        error={dialogError}
        onClose={() => setDialog(null)}
        onConfirm={(request, expected) =>
          publish.mutate(
            { ...request, expected },
            {
              onSuccess: () => {
                markDraft({ type: 'published' });
                toasts.success(MESSAGES.draftsPublished);
                setDialog(null);
              },
              // A stale summary is refused: the dialog says so and shows the new one (the preview refetches).
              onError: (error) => setDialogError(errorText(error) || MESSAGES.couldntPublishSchedules),
            },
          )
        }
      />

      <RepublishConfirmation
        businessId={businessId}
        start={dialog?.type === 'confirm-republish' ? dialog.start : null}
        shown={shown}
        loading={republish.isPending}
        error={dialogError}
        onClose={() => setDialog(null)}
        onConfirm={(startDay, expected) =>
          republish.mutate(
            { start: startDay, expected },
            {
              onSuccess: (result) => {
                toasts.success(schedulePublishedFor(result.days));
                setDialog(null);
              },
              onError: (error) => setDialogError(errorText(error) || MESSAGES.couldntPublishSchedules),
            },
          )
        }
      />

      <Modal open={dialog?.type === 'settings'} onClose={() => setDialog(null)} title="Schedule settings">
        {dialog?.type === 'settings' ? (
          <ScheduleSettingsForm
            value={{ weekStartsOn: settings.weekStartsOn, storeHours: settings.storeHours }}
            storeHoursHint={fallbackHoursNote(current.hours, settings.weekStartsOn)}
            backwardsHoursMessage={MESSAGES.scheduleStoreHours}
            saving={saveSettings.isPending}
            error={dialogError}
            onCancel={() => setDialog(null)}
            onSave={(value) =>
              saveSettings.mutate(value, {
                onSuccess: () => {
                  toasts.success(MESSAGES.successfullyUpdated);
                  setDialog(null);
                },
                onError: (error) => setDialogError(errorText(error)),
              })
            }
          />
        ) : null}
      </Modal>

      <CopyTemplateDialog
        open={dialog?.type === 'copy-template'}
        templates={templates}
        range={`${shortDate(viewStart)} – ${shortDate(end)}`}
        loading={copyTemplate.isPending}
        onClose={() => setDialog(null)}
        onCopy={(id) => {
          markDraft({ type: 'edit' });
          copyTemplate.mutate(
            { from: viewStart, to: end, template_id: id },
            {
              onSuccess: () => {
                toasts.success(MESSAGES.draftsCopiedFromTemplate);
                setDialog(null);
              },
              onError: (error) => toasts.error(errorText(error) || MESSAGES.templateNotFound),
            },
          );
        }}
      />

      <Modal open={dialog?.type === 'holidays'} onClose={() => setDialog(null)} title="Holidays">
        {dialog?.type === 'holidays' ? (
          canEdit ? (
            <HolidayEditor
              holidays={holidays.data ?? []}
              saving={saveHolidays.isPending}
              onCancel={() => setDialog(null)}
              onSave={(list) =>
                saveHolidays.mutate(list, {
                  onSuccess: () => {
                    toasts.success(MESSAGES.successfullyUpdated);
                    setDialog(null);
                  },
                  onError: fail,
                })
              }
            />
          ) : (
            <ul className="text-sm text-slate-800">
              {(holidays.data ?? []).map((h) => (
                <li key={h.day}>
                  {h.day} — {h.name}
                </li>
              ))}
            </ul>
          )
        ) : null}
      </Modal>

      <Modal open={dialog?.type === 'templates'} onClose={() => setDialog(null)} title="Templates">
        {dialog?.type === 'templates' ? (
          <TemplateListEditorLazy
            multiple={settings.multipleTemplate}
            templates={settings.templates}
            saving={saveSettings.isPending}
            onCancel={() => setDialog(null)}
            onSave={({ multiple, templates: list }) =>
              saveSettings.mutate(
                { multipleTemplate: multiple, templates: list },
                {
                  onSuccess: () => {
                    toasts.success(MESSAGES.successfullyUpdated);
                    if (!list.some((t) => t.id === templateId)) setTemplateId(MASTER_TEMPLATE_ID);
                    setDialog(null);
                  },
                  onError: fail,
                },
              )
            }
          />
        ) : null}
      </Modal>
    </div>
  );
}

function describe(entry: ScheduleEntry | undefined, rows: readonly GridRow[]): string {
  if (!entry) return '';
  const who = rows.find((r) => r.id === entry.employee_id)?.name ?? 'Staff member';
  const when = entry.day ? shortDate(entry.day) : `every ${DOW_LONG[entry.dow ?? 0]}`;
  return `${who}, ${when}, ${entry.start_time}–${entry.end_time}.`;
}

function CopyTemplateDialog(props: { open: boolean; templates: readonly { id: string; name: string }[]; range: string; loading: boolean; onClose: () => void; onCopy: (id: string) => void }) {
  const [id, setId] = useState(MASTER_TEMPLATE_ID);
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Copy drafts from a template"
      description={`The template's shifts become drafts for ${props.range}, replacing the drafts there. Holidays stay empty.`}
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={props.loading} onClick={() => props.onCopy(id)}>
            Copy drafts
          </Button>
        </>
      }
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
        Template
        <select className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm" value={id} onChange={(e) => setId(e.target.value)}>
          {props.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
    </Modal>
  );
}

const noteOf = (error: unknown) => (error ? errorText(error) : null);

/** "Publish drafts": the drafts of the weeks shown, counted per week by the server before anything is published. */
function PublishConfirmation(props: {
  businessId: number;
  request: { start: string; end: string } | null;
  shown: ReadonlySet<string>;
  loading: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (request: { start: string; end: string }, expected: string) => void;
}) {
  const { request } = props;
  const preview = usePublishPreview(props.businessId, request ? { start: request.start, end: request.end } : null);
  const summary = preview.data;
  return (
    <ConfirmChangesDialog
      open={request !== null}
      title="Publish drafts?"
      description={
        request
          ? `The drafts of ${shortDate(request.start)} – ${shortDate(request.end)} become the schedule staff see; each replaces the published shifts of its staff member's day.`
          : ''
      }
      weeks={summary ? weekLines(summary, 'publish', props.shown) : null}
      total={summary ? changeTotal(summary, 'publish') : null}
      empty={summary !== undefined && summary.added === 0}
      error={props.error ?? noteOf(preview.error)}
      confirmLabel={summary && summary.added > 0 ? `Publish ${summary.added} ${summary.added === 1 ? 'draft' : 'drafts'}` : 'Publish drafts'}
      cancelLabel="Keep drafts"
      loading={props.loading}
      onClose={props.onClose}
      onConfirm={() => request && summary && props.onConfirm(request, summary.fingerprint)}
    />
  );
}

/** "Republish from templates": the horizon from today, counted per week by the server before anything changes. */
function RepublishConfirmation(props: {
  businessId: number;
  start: string | null;
  shown: ReadonlySet<string>;
  loading: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (start: string, expected: string) => void;
}) {
  const preview = useRepublishPreview(props.businessId, props.start ? { start: props.start } : null);
  const summary = preview.data;
  return (
    <ConfirmChangesDialog
      open={props.start !== null}
      title="Republish from templates?"
      description={
        summary
          ? `From ${shortDate(summary.start)} to ${shortDate(summary.end)}, the shifts made from the templates are replaced by what the templates give now. Shifts made by hand and drafts stay.`
          : 'The shifts made from the templates are replaced by what the templates give now. Shifts made by hand and drafts stay.'
      }
      weeks={summary ? weekLines(summary, 'republish', props.shown) : null}
      total={summary ? changeTotal(summary, 'republish') : null}
      empty={summary !== undefined && summary.added === 0 && summary.replaced === 0}
      error={props.error ?? noteOf(preview.error)}
      confirmLabel="Republish"
      cancelLabel="Cancel"
      loading={props.loading}
      onClose={props.onClose}
      onConfirm={() => props.start && summary && props.onConfirm(props.start, summary.fingerprint)}
    />
  );
}

function ScheduleSkeleton() {
  return (
    <LoadingRegion label="Loading the schedule" className="px-4 py-6 sm:px-6">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-3 h-8 w-48" />
      <Skeleton className="mt-6 h-96 w-full" />
    </LoadingRegion>
  );
}
