import type { EntryFormValue } from './ScheduleEntryDialog';
import type { GridRow } from '../../../components/ScheduleGrid';

/** The dialog, drawer or popover the board has open (one at a time). */
export type BoardDialog =
  | { type: 'entry'; entryId: number | null; value: EntryFormValue }
  | { type: 'holidays' }
  | { type: 'templates' }
  | { type: 'confirm-clear-drafts' }
  | { type: 'confirm-clear-template' }
  | { type: 'copy-template' }
  | { type: 'confirm-delete'; entryId: number }
  | { type: 'confirm-clear-all'; row: GridRow }
  | { type: 'confirm-republish-member'; row: GridRow }
  | { type: 'confirm-publish'; start: string; end: string }
  | { type: 'confirm-republish'; start: string }
  | { type: 'settings' }
  | { type: 'activity' }
  | { type: 'shift'; entryId: number; anchor: DOMRect | null }
  | { type: 'drafts' }
  | { type: 'copy-week' }
  | null;
