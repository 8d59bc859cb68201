import { Button } from '../../../ui/Button';
import { Drawer } from '../../../ui/Drawer';
import type { DraftLine } from './scheduleView';

export interface DraftsDrawerProps {
  open: boolean;
  /** `Jun 1 – Jun 14`. */
  range: string;
  drafts: readonly DraftLine[];
  /** Publishing is offered (the user may change the schedule). */
  canPublish: boolean;
  onOpenDraft: (id: number) => void;
  onPublish: () => void;
  onClose: () => void;
}

/** The drafts not published in the weeks shown: each opens its shift; "Publish drafts…" asks first, as from the toolbar. */
export function DraftsDrawer({ open, range, drafts, canPublish, onOpenDraft, onPublish, onClose }: DraftsDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} title="Drafts not published" description={`${range} · staff see them once they are published.`}>
      {drafts.length === 0 ? (
        <p className="text-sm text-slate-600">No drafts in these weeks.</p>
      ) : (
        <ul aria-label="Drafts not published" className="divide-y divide-slate-100">
          {drafts.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                onClick={() => onOpenDraft(d.id)}
                className="w-full rounded-md px-2 py-2 text-left text-sm text-slate-800 tabular-nums hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {d.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canPublish && drafts.length > 0 ? (
        <div className="mt-4">
          <Button onClick={onPublish}>Publish drafts…</Button>
        </div>
      ) : null}
    </Drawer>
  );
}
