import { MESSAGES } from '@salondesk/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * Asks before leaving a page with unsaved changes: going to another screen in the app is held by
 * react-router's blocker and a dialog asks (Stay, or Leave without saving); closing or reloading
 * the tab gets the browser's own question (`beforeunload`). Changing only the query string (a
 * filter) is not leaving. Returns the dialog to render.
 */
export function useUnsavedChangesGuard(dirty: boolean): ReactNode {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // Saved meanwhile (or changes undone): the held navigation may go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      first="cancel"
      title={MESSAGES.unsavedChangesTitle}
      description={MESSAGES.unsavedChangesDetail}
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

/**
 * Which parts of a page hold unsaved changes: each editor reports its own (`report(key, dirty)`,
 * and clean when it goes), the page asks `dirty`.
 */
export function useDirtyParts() {
  const [parts, setParts] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((key: string, isDirty: boolean) => {
    setParts((current) => {
      if (current.has(key) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return { dirty: parts.size > 0, report };
}

/** An editor's side of `useDirtyParts`: reports whether it holds unsaved changes, and clean when unmounted. */
export function useReportDirty(report: ((key: string, dirty: boolean) => void) | undefined, key: string, dirty: boolean) {
  useEffect(() => {
    report?.(key, dirty);
  }, [report, key, dirty]);
  useEffect(() => () => report?.(key, false), [report, key]);
}
