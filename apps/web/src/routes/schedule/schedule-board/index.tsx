import {
  addDays,
  clearAllScope,
  dayNumber,
  type DayStoreHours,
  formatTime,
  isDraft,
  MASTER_TEMPLATE_ID,
  MESSAGES,
  nextDraftFlag,
  parseDuration,
  parseTime,
  SCHEDULE_MODE_LABEL,
  schedulePublishedFor,
  staffSchedulesCleared,
  templatesOf,
  userCan,
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
import { HolidayEditor } from '../../../ui/HolidayEditor';
import { Modal } from '../../../ui/Modal';
import { ScheduleEntryDialog, type EntryFormValue } from '../../../ui/ScheduleEntryDialog';
import { ScheduleGrid, type GridRow } from '../../../ui/ScheduleGrid';
import { hhmm, type EntryPlace } from '../../../ui/scheduleGridMath';
import { ScheduleSettingsForm } from '../../../ui/ScheduleSettingsForm';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { TemplateListEditor as TemplateListEditorLazy } from '../../../ui/TemplateListEditor';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { Skeleton } from '../../../ui/Skeleton';
import { ActivityDrawer } from './ActivityDrawer';
import { ClearAllDialog } from './ClearAllDialog';
import { ConfirmChangesDialog } from './ConfirmChangesDialog';
import { changeTotal, columnsFor, DOW_LONG, fallbackHoursNote, entriesFor, gridSpanFor, shortDate, storeHoursNote, viewEnd, weekLines } from './scheduleView';

const MODES: readonly { value: ScheduleMode; label: string }[] = (['publish', 'edit', 'template'] as const).map((value) => ({ value, label: SCHEDULE_MODE_LABEL[value] }));
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
  const setStart = useCallback(
    (day: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('start', day);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // Both ask for the same days (`start`, or this week; the settings' viewDays): fetched at once, not one after the other.
  const range = useScheduleRange(businessId, start);
  const staff = useScheduleStaff(businessId, start);
  const holidays = useScheduleHolidays(businessId);
  const [known, setKnown] = useState<Known | null>(null);
  useEffect(() => {
    if (range.data) setKnown({ settings: range.data.settings, hours: range.data.hours, today: range.data.today, timezone: range.data.timezone });
  }, [range.data]);
  const current = range.data ?? known;
  const settings = current?.settings;
  const viewStart = start ?? range.data?.start;
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

  const dated = range.data?.schedules ?? [];
  const draftCount = dated.filter(isDraft).length;
  // Every fresh copy of the visible range settles the indicator (nextDraftFlag): on exactly when it holds drafts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => dispatchDraft({ type: 'loaded', drafts: draftCount }), [range.dataUpdatedAt, viewStart]);
  const markDraft = useCallback((event: DraftFlagEvent) => dispatchDraft(event), []);

  const rows: GridRow[] = useMemo(() => (staff.data ?? []).map((s) => ({ id: s.id, name: s.display_name, color: s.schedulerColor })), [staff.data]);
  const columns = useMemo(
    () => (settings && viewStart ? columnsFor(activeMode, viewStart, settings, holidays.data ?? [], current?.today ?? '', current?.hours ?? []) : []),
    [activeMode, viewStart, settings, holidays.data, current?.today, current?.hours],
  );
  const baseEntries = useMemo(() => entriesFor(activeMode, dated, staff.data ?? [], templateId), [activeMode, dated, staff.data, templateId]);
  const entries = useMemo(() => (pending.size === 0 ? baseEntries : baseEntries.map((e) => (pending.has(e.id) ? { ...e, ...pending.get(e.id) } : e))), [baseEntries, pending]);
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
        void saveEntry(null, { rowId: place.rowId, when: place.columnKey, start: hhmm(place.start), end: hhmm(place.end), rotate: false, every: 2, anchor: viewStart ?? '', except: '' });
        return;
      }
      setDialog({ type: 'entry', entryId: null, value: { rowId: place.rowId, when: place.columnKey, ...defaultTimes(place.columnKey), rotate: false, every: 2, anchor: viewStart ?? '', except: '' } });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [activeMode, viewStart, settings, templateId, columns],
  );

  const onOpen = useCallback(
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

  const onDelete = useCallback((id: number) => setDialog({ type: 'confirm-delete', entryId: id }), []);

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

  const end = viewEnd(viewStart, settings);
  const today = current.today;
  const shown = new Set(visibleDays);
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
          {draftFlag ? (
            <span role="status" className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-600" />
              Unsaved drafts{draftCount > 0 ? ` (${draftCount})` : ''}
            </span>
          ) : null}
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
          Shifts snap to {parseDuration(settings.snap)} minutes.
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
