import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { Skeleton } from './Skeleton';

export interface ActivityItem {
  id: number;
  /** Who made the change (a person's name, or who stands in for none). */
  who: string;
  /** What changed, in a sentence. */
  what: string;
  /** When, as the reader reads it (in the business's time zone). */
  when: string;
  /** The same instant, ISO, for `<time dateTime>`. */
  at: string;
}

export interface ActivityListProps {
  /** The list's name for screen readers ("Schedule activity"). */
  label: string;
  status: 'loading' | 'error' | 'ready';
  /** Newest first, as they are to be read. */
  items: readonly ActivityItem[];
  /** The message shown when the list could not be loaded. */
  error?: string;
  onRetry?: () => void;
  /** What the empty state says. */
  emptyTitle?: string;
  /** The empty state's line under the title. */
  emptyDescription?: string;
}

/** A log of changes: who, what and when, newest first, with loading, empty and error states. */
export function ActivityList({ label, status, items, error, onRetry, emptyTitle = 'No changes yet', emptyDescription }: ActivityListProps) {
  if (status === 'loading') {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading {label.toLowerCase()}
        </p>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="border-b border-slate-100 py-3">
            <Skeleton className="h-3 w-32" />
            <Skeleton className="mt-2 h-4 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        tone="error"
        headingLevel={3}
        title={error ?? 'Could not load the activity'}
        actions={
          onRetry ? (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (items.length === 0) return <EmptyState headingLevel={3} title={emptyTitle} description={emptyDescription} />;
  return (
    <ol aria-label={label} className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="py-3">
          <p className="text-xs text-slate-600">
            <span className="font-semibold text-slate-800">{item.who}</span> · <time dateTime={item.at}>{item.when}</time>
          </p>
          <p className="mt-1 text-sm break-words text-slate-900">{item.what}</p>
        </li>
      ))}
    </ol>
  );
}
