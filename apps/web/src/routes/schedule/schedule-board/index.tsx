import { draftsNotPublished, MASTER_TEMPLATE_ID, SCHEDULE_MODE_LABEL, type ScheduleMode } from '@salondesk/core';
import { useCallback } from 'react';
import { LoadError } from '../../../app/LoadError';
import { useBusinessId } from '../../../app/useBusinessId';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { ScheduleEntryDialog } from './ScheduleEntryDialog';
import { ScheduleGrid, type GridRow } from '../../../components/ScheduleGrid';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Skeleton } from '../../../ui/Skeleton';
import { ActivityDrawer } from './ActivityDrawer';
import { ClearAllDialog } from './ClearAllDialog';
import { ClearDraftsDialog } from './ClearDraftsDialog';
import { ClearTemplateDialog } from './ClearTemplateDialog';
import { CopyTemplateDialog } from './CopyTemplateDialog';
import { CopyWeekDialog } from './CopyWeekDialog';
import { DraftsDrawer } from './DraftsDrawer';
import { HolidaysDialog } from './HolidaysDialog';
import { PublishConfirmation } from './PublishConfirmation';
import { RemoveShiftDialog } from './RemoveShiftDialog';
import { RepublishConfirmation } from './RepublishConfirmation';
import { RowActions } from './RowActions';
import { RepublishMemberDialog } from './RepublishMemberDialog';
import { ScheduleNotes } from './ScheduleNotes';
import { ScheduleToolbar } from './ScheduleToolbar';
import { SettingsDialog } from './SettingsDialog';
import { ShiftActions } from './ShiftActions';
import { TemplatesDialog } from './TemplatesDialog';
import { draftLines, shortDate, viewEnd } from './scheduleView';
import { useScheduleBoard } from './useScheduleBoard';

const MODES: readonly { value: ScheduleMode; label: string }[] = (['publish', 'edit', 'template'] as const).map((value) => ({ value, label: SCHEDULE_MODE_LABEL[value] }));
const NO_ENTRY = { rowId: 0, when: '', start: '', end: '', rotate: false, every: 2, anchor: '', except: '' };

/** `/{businessId}/schedule`: the scheduler (spec 000 §4): published schedule, draft editing and templates. */
export function Component() {
  const board = useScheduleBoard(useBusinessId());
  const { businessId, canEdit, range, staff, holidays, current, settings, viewStart, view, shownDays, activeMode, templateId, templates, dialog, rows, columns, setColor, askClearAll, close } = board;

  const { setDialog } = board;
  // In the published schedule, one member's template shifts can be republished alone (`clear/republishfor/{id}`).
  const askRepublishMember = useCallback((row: GridRow) => setDialog({ type: 'confirm-republish-member', row }), [setDialog]);
  const rowAction = useCallback(
    (row: GridRow) =>
      canEdit ? <RowActions row={row} onColor={setColor} onClearAll={askClearAll} {...(activeMode === 'publish' ? { onRepublish: askRepublishMember } : {})} /> : null,
    [canEdit, setColor, askClearAll, activeMode, askRepublishMember],
  );

  if (range.isError || staff.isError) {
    const error = range.error ?? staff.error;
    return <LoadError headingLevel={1} error={error} onRetry={() => void Promise.all([range.refetch(), staff.refetch()])} />;
  }
  if (!settings || !viewStart || !current) return <ScheduleSkeleton />;

  const end = viewEnd(viewStart, shownDays);
  const today = current.today;
  const shown = new Set(board.visibleDays);
  const popped = dialog?.type === 'shift' ? board.allEntries.get(dialog.entryId) : undefined;
  const templateName = templates.find((t) => t.id === templateId)?.name;
  const title = activeMode === 'template' ? `Template: ${templateName ?? templateId}` : `${shortDate(viewStart)} – ${shortDate(end)}`;

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
          <SegmentedControl label="Scheduler mode" value={activeMode} options={MODES} onChange={(m) => board.setMode(m)} />
          <span role="status" className="contents">
            {board.draftFlag ? (
              <button
                type="button"
                onClick={() => board.setDialog({ type: 'drafts' })}
                className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-600" />
                {draftsNotPublished(board.draftCount)}
              </button>
            ) : null}
          </span>
        </div>
      </div>

      <ScheduleToolbar
        mode={activeMode}
        settings={settings}
        view={view}
        viewStart={viewStart}
        end={end}
        today={today}
        templateId={templateId}
        templates={templates}
        canEdit={canEdit}
        weekLoading={board.weekLoading}
        draftCount={board.draftCount}
        setStart={board.setStart}
        setView={(v) => board.setParam('view', v)}
        setTemplateId={board.setTemplateId}
        open={board.setDialog}
        openFresh={board.openFresh}
      />

      <div className="mt-4">
        {board.weekLoading ? (
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
            entries={board.entries}
            span={board.span}
            editable={canEdit}
            fit={activeMode === 'template' || view === 'week'}
            rowSummaries={board.hours.rows}
            placeError={board.placeError}
            onRefuse={board.onRefuse}
            onCreate={board.onCreate}
            onChange={board.onChange}
            onOpen={board.onOpen}
            onDelete={board.onDelete}
            rowAction={rowAction}
            onVisibleColumnsChange={board.setVisibleDays}
          />
        )}
        <ScheduleNotes mode={activeMode} view={view} canEdit={canEdit} settings={settings} hours={current.hours} />
      </div>

      <ScheduleEntryDialog
        open={dialog?.type === 'entry'}
        title={dialog?.type === 'entry' && dialog.entryId !== null ? 'Edit shift' : activeMode === 'template' ? 'Add template shift' : activeMode === 'edit' ? 'Add draft shift' : 'Add shift'}
        value={dialog?.type === 'entry' ? dialog.value : NO_ENTRY}
        staff={rows}
        whenLabel={activeMode === 'template' ? 'Day of the week' : 'Day'}
        whenOptions={board.whenOptions}
        showRotation={activeMode === 'template'}
        saving={board.dialogSaving}
        deleting={board.removing}
        error={board.dialogError}
        onSave={(v) => void board.saveEntry(dialog?.type === 'entry' ? dialog.entryId : null, v)}
        {...(dialog?.type === 'entry' && dialog.entryId !== null && canEdit ? { onDelete: () => void board.deleteEntry(dialog.entryId as number) } : {})}
        onClose={close}
      />

      <RemoveShiftDialog
        open={dialog?.type === 'confirm-delete'}
        entry={dialog?.type === 'confirm-delete' ? board.allEntries.get(dialog.entryId) : undefined}
        rows={rows}
        pending={board.removing}
        onConfirm={() => dialog?.type === 'confirm-delete' && void board.deleteEntry(dialog.entryId)}
        onClose={close}
      />

      <ClearDraftsDialog open={dialog?.type === 'confirm-clear-drafts'} businessId={businessId} start={viewStart} end={end} count={board.draftCount} markDraft={board.markDraft} onClose={close} />

      <ClearTemplateDialog open={dialog?.type === 'confirm-clear-template'} businessId={businessId} templateId={templateId} name={templateName ?? ''} onClose={close} />

      <ClearAllDialog
        businessId={businessId}
        row={dialog?.type === 'confirm-clear-all' ? dialog.row : null}
        staff={staff.data ?? []}
        from={today}
        mode={activeMode}
        markDraft={board.markDraft}
        onClose={close}
      />

      <ShiftActions
        key={dialog?.type === 'shift' ? dialog.entryId : 'closed'}
        entry={popped}
        anchor={dialog?.type === 'shift' ? dialog.anchor : null}
        rows={rows}
        columns={columns}
        competing={board.competing}
        holidays={holidays.data ?? []}
        weekStartsOn={board.weekStartsOn}
        canEdit={canEdit}
        busy={board.copying}
        error={dialog?.type === 'shift' ? board.dialogError : null}
        onClose={close}
        onEdit={board.openEditor}
        onRemove={board.onDelete}
        onCopies={board.runCopies}
      />

      <DraftsDrawer
        open={dialog?.type === 'drafts'}
        range={`${shortDate(viewStart)} – ${shortDate(end)}`}
        drafts={dialog?.type === 'drafts' ? draftLines(board.dated, viewStart, end, rows) : []}
        canPublish={canEdit}
        onOpenDraft={board.openEditor}
        onPublish={() => board.openFresh({ type: 'confirm-publish', start: viewStart, end })}
        onClose={close}
      />

      <CopyWeekDialog
        open={dialog?.type === 'copy-week'}
        businessId={businessId}
        start={viewStart}
        current={range.data?.schedules ?? []}
        holidays={holidays.data ?? []}
        weekStartsOn={board.weekStartsOn}
        loading={board.copying}
        onCopy={(plan) => board.runCopies(plan, 'draft')}
        onClose={close}
      />

      <ActivityDrawer open={dialog?.type === 'activity'} businessId={businessId} timezone={current.timezone} onClose={close} />

      <PublishConfirmation
        businessId={businessId}
        request={dialog?.type === 'confirm-publish' ? dialog : null}
        shown={shown}
        error={board.dialogError}
        onError={board.setDialogError}
        markDraft={board.markDraft}
        onClose={close}
      />

      <RepublishMemberDialog businessId={businessId} row={dialog?.type === 'confirm-republish-member' ? dialog.row : null} from={today} onClose={close} />

      <RepublishConfirmation
        businessId={businessId}
        start={dialog?.type === 'confirm-republish' ? dialog.start : null}
        shown={shown}
        error={board.dialogError}
        onError={board.setDialogError}
        onClose={close}
      />

      <SettingsDialog
        open={dialog?.type === 'settings'}
        businessId={businessId}
        settings={settings}
        hours={current.hours}
        error={board.dialogError}
        onError={board.setDialogError}
        onClose={close}
      />

      <CopyTemplateDialog open={dialog?.type === 'copy-template'} businessId={businessId} templates={templates} start={viewStart} end={end} markDraft={board.markDraft} onClose={close} />

      <HolidaysDialog open={dialog?.type === 'holidays'} businessId={businessId} canEdit={canEdit} holidays={holidays.data ?? []} onClose={close} />

      <TemplatesDialog
        open={dialog?.type === 'templates'}
        businessId={businessId}
        settings={settings}
        onSaved={(list) => {
          if (!list.some((t) => t.id === templateId)) board.setTemplateId(MASTER_TEMPLATE_ID);
        }}
        onClose={close}
      />
    </div>
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
