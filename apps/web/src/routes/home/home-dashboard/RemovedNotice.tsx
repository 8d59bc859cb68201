import { Button } from '../../../ui/Button';
import type { Item, ItemActions } from './useItemActions';

/** After a removal: what went, and Undo (no time limit: it stays until dismissed or undone). */
export function RemovedNotice({ actions, kind }: { actions: ItemActions; kind: Item['kind'] }) {
  const item = actions.removed?.kind === kind ? actions.removed : null;
  return (
    <div role="status" className="empty:hidden">
      {item ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <span>Removed {item.title} for everyone.</span>
          <Button size="sm" variant="secondary" loading={actions.undoing} onClick={() => actions.undo(item)} aria-label={`Undo removing ${item.title}`}>
            Undo
          </Button>
          <Button size="sm" variant="ghost" onClick={actions.dismissRemoved} aria-label={`Dismiss: ${item.title} removed`}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </div>
  );
}
