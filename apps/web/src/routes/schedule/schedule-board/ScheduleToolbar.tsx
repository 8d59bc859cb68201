import { addDays, type ScheduleMode, type ScheduleSettings, weekStartOf } from '@salondesk/core';
import { Button } from '../../../ui/Button';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { SCHEDULE_VIEW_LABEL, type ScheduleView } from './scheduleView';
import type { BoardDialog } from './boardDialog';

const VIEWS: readonly { value: ScheduleView; label: string }[] = (['week', 'fortnight'] as const).map((value) => ({ value, label: SCHEDULE_VIEW_LABEL[value] }));

export interface ScheduleToolbarProps {
  mode: ScheduleMode;
  settings: ScheduleSettings;
  view: ScheduleView;
  viewStart: string;
  end: string;
  today: string;
  templateId: string;
  templates: readonly { id: string; name: string }[];
  canEdit: boolean;
  weekLoading: boolean;
  draftCount: number;
  setStart: (day: string) => void;
  setView: (view: ScheduleView) => void;
  setTemplateId: (id: string) => void;
  /** Opens a dialog as it is. */
  open: (dialog: BoardDialog) => void;
  /** Opens a dialog with no message left from the last one. */
  openFresh: (dialog: BoardDialog) => void;
}

/** Under the heading: the weeks (or the template shown), then what may be done in the mode shown. */
export function ScheduleToolbar(p: ScheduleToolbarProps) {
  const { mode, settings, canEdit } = p;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      {mode !== 'template' ? (
        <div className="flex items-center gap-1" role="group" aria-label="Weeks">
          <Button variant="secondary" size="sm" onClick={() => p.setStart(addDays(p.viewStart, -7))}>
            Previous week
          </Button>
          <Button variant="ghost" size="sm" onClick={() => p.setStart(weekStartOf(p.today, settings.weekStartsOn))}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => p.setStart(addDays(p.viewStart, 7))}>
            Next week
          </Button>
          <span className="ml-1">
            <SegmentedControl label="Days shown" value={p.view} options={VIEWS} onChange={p.setView} />
          </span>
        </div>
      ) : settings.multipleTemplate ? (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          Template
          <select className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm" value={p.templateId} onChange={(e) => p.setTemplateId(e.target.value)}>
            {p.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="flex-1" />
      {canEdit && mode === 'edit' ? (
        <>
          <Button variant="secondary" size="sm" disabled={p.weekLoading} onClick={() => p.open({ type: 'copy-week' })}>
            Copy previous week…
          </Button>
          <Button variant="secondary" size="sm" onClick={() => p.open({ type: 'copy-template' })}>
            Copy from template
          </Button>
          <Button variant="secondary" size="sm" disabled={p.draftCount === 0} onClick={() => p.open({ type: 'confirm-clear-drafts' })}>
            Clear drafts
          </Button>
          <Button size="sm" disabled={p.draftCount === 0 || p.weekLoading} onClick={() => p.openFresh({ type: 'confirm-publish', start: p.viewStart, end: p.end })}>
            Publish drafts…
          </Button>
        </>
      ) : null}
      {canEdit && mode === 'publish' ? (
        <Button variant="secondary" size="sm" disabled={p.weekLoading} onClick={() => p.openFresh({ type: 'confirm-republish', start: p.today })}>
          Republish from templates ({settings.republishWeeks} weeks)…
        </Button>
      ) : null}
      {canEdit && mode === 'template' ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => p.open({ type: 'templates' })}>
            Manage templates
          </Button>
          <Button variant="secondary" size="sm" onClick={() => p.open({ type: 'confirm-clear-template' })}>
            Clear template
          </Button>
        </>
      ) : null}
      <Button variant="secondary" size="sm" onClick={() => p.open({ type: 'holidays' })}>
        Holidays
      </Button>
      {canEdit ? (
        <Button variant="secondary" size="sm" onClick={() => p.openFresh({ type: 'settings' })}>
          Schedule settings
        </Button>
      ) : null}
      <Button variant="secondary" size="sm" onClick={() => p.open({ type: 'activity' })}>
        Activity
      </Button>
    </div>
  );
}
