import { describeFailure, FAILURE_KIND } from '@salondesk/core';
import { useOnline } from '@salondesk/react';
import { EmptyState } from '../ui/EmptyState';

export interface LoadErrorProps {
  error: unknown;
  /** Asks again; offered only when another try can change the answer. */
  onRetry: () => void;
  retrying?: boolean;
  /** The screen's catalogue message for an error that carries none. */
  fallback?: string;
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/**
 * The one "could not load" state of a screen, telling the truth (core's `describeFailure`): a
 * 403 is the not-authorized state with no "Try again"; offline waits for the connection; a server
 * that cannot be reached is "Dam server is currently offline !"; anything else shows its message,
 * with "Try again" unless the answer was a 4xx.
 */
export function LoadError({ error, onRetry, retrying, fallback, headingLevel, className }: LoadErrorProps) {
  const online = useOnline();
  const view = describeFailure(error, { online, fallback });
  return (
    <EmptyState
      tone={view.kind === FAILURE_KIND.OFFLINE ? 'neutral' : 'error'}
      title={view.title}
      description={view.description}
      onRetry={view.retry ? onRetry : undefined}
      retrying={retrying}
      headingLevel={headingLevel}
      className={className}
    />
  );
}
