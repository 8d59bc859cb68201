import { type DayStoreHours, parseDuration, SCHEDULE_FIGURES, type ScheduleMode, type ScheduleSettings } from '@salondesk/core';
import { FigureLabel } from '../../../ui/FigureLabel';
import { type ScheduleView, storeHoursNote } from './scheduleView';

/** Under the grid: what the bars mean in this mode, how to change them, the figures under names and days, and the store hours. */
export function ScheduleNotes({ mode, view, canEdit, settings, hours }: { mode: ScheduleMode; view: ScheduleView; canEdit: boolean; settings: ScheduleSettings; hours: readonly DayStoreHours[] }) {
  return (
    <>
      <p className="mt-2 text-xs text-slate-600">
        {mode === 'edit'
          ? 'Drafts have dashed borders; faint bars are published shifts the drafts of that day replace when published.'
          : mode === 'template'
            ? 'Template shifts repeat every week, or on their rotation (↻N: every N weeks).'
            : 'Published shifts are what staff see.'}{' '}
        {canEdit ? 'Drag across a row to draw a shift, or press a day to add one; click a shift to edit, copy or repeat it. ' : ''}Shifts snap to{' '}
        {parseDuration(settings.snap)} minutes.
      </p>
      <p className="mt-1 text-xs text-slate-600">
        Under each name, its <FigureLabel label={SCHEDULE_FIGURES.scheduledHours.label} meaning={SCHEDULE_FIGURES.scheduledHours.meaning} />
        {mode === 'template' ? ' in a week of this template' : view === 'fortnight' ? ' of each week' : ''}; under each day, its{' '}
        <FigureLabel label={SCHEDULE_FIGURES.staffedHours.label} meaning={SCHEDULE_FIGURES.staffedHours.meaning} />.
      </p>
      <p className="mt-1 text-xs text-slate-600" data-testid="store-hours-note">
        {storeHoursNote(hours, settings.weekStartsOn)}
      </p>
    </>
  );
}
