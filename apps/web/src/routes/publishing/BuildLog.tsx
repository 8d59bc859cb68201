import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { StatusBadge, type StatusTone } from '../../ui/StatusBadge';

export interface BuildLogEntry {
  /** Unique within the log (rows are keyed by it). */
  id: string;
  /** The step's name ("Building", "Live", "Failed"). */
  label: string;
  tone: StatusTone;
  /** What happened, in a sentence (may be empty). */
  message: string;
  /** When, as the reader reads it. */
  when: string;
  /** The same instant, ISO, for `<time dateTime>`. */
  at: string;
}

export interface BuildLogProps {
  /** The log's name for screen readers ("Build log of version 4"). */
  label: string;
  status: 'loading' | 'error' | 'ready';
  /** Oldest first, as the build went. */
  entries: readonly BuildLogEntry[];
  error?: string;
  onRetry?: () => void;
  /** Steps are still to come (the build is under way): says so under the last one. */
  running?: boolean;
}

/**
 * A build's steps as they happen, oldest first: each step's name, time and what it said. The list is
 * a `log` region, so a step that arrives while the reader is on the page is announced without
 * moving the focus.
 */
export function BuildLog({ label, status, entries, error, onRetry, running = false }: BuildLogProps) {
  if (status === 'loading') {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading the {label.toLowerCase()}
        </p>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="mb-2 h-5 w-full" />
        ))}
      </div>
    );
  }
  if (status === 'error') return <EmptyState tone="error" headingLevel={3} title={error ?? 'Could not load the build log'} onRetry={onRetry} />;
  return (
    <div>
      <div role="log" aria-label={label}>
        <ol className="space-y-2 font-mono text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <time dateTime={entry.at} className="shrink-0 text-xs text-slate-600 tabular-nums">
                {entry.when}
              </time>
              <StatusBadge label={entry.label} tone={entry.tone} />
              {entry.message ? <span className="min-w-0 break-words text-slate-800">{entry.message}</span> : null}
            </li>
          ))}
        </ol>
      </div>
      {entries.length === 0 && !running ? <p className="text-sm text-slate-600">No steps yet.</p> : null}
      {running ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-500" />
          Waiting for the next step…
        </p>
      ) : null}
    </div>
  );
}
