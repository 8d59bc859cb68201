import { Button } from '../../../ui/Button';
import type { Item, ItemActions } from './useItemActions';

/** The items this user hid on their own dashboard, each with Show. */
export function HiddenItems({ items, actions, noun }: { items: Item[]; actions: ItemActions; noun: string }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>
        Hidden on your dashboard only ({items.length} {noun}
        {items.length === 1 ? '' : 's'}):
      </span>
      {items.map((item) => (
        <Button key={`${item.kind}-${item.id}`} size="sm" variant="ghost" onClick={() => actions.hide(item, false)} aria-label={`Show ${item.title} again`}>
          {item.title} · Show
        </Button>
      ))}
    </div>
  );
}
