import { type ConnectivityStore, createConnectivityStore, isModuleLoadFailure } from '@salondesk/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ButtonLink } from './ButtonLink';
import { routeErrorView } from './routeErrorView';

// The browser's connectivity, heard here directly: a boundary may render outside the providers, and
// the app shell does not pull in the SDK chunk (the login route's bundle budget).
let browserConnectivity: ConnectivityStore | null = null;
const connectivity = () => (browserConnectivity ??= createConnectivityStore(typeof window === 'undefined' ? null : window));

function useBrowserOnline(): boolean {
  const store = connectivity();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** What stopped a screen, told truthfully (`routeErrorView`); a page waiting for the connection reloads itself once it is back. */
function ErrorState({ headingLevel }: { headingLevel: 1 | 2 }) {
  const error = useRouteError();
  const online = useBrowserOnline();
  const view = routeErrorView(error, online);
  // The screen's code could not be downloaded while offline: fetch the page again once the connection is back.
  const waiting = isModuleLoadFailure(error);
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current && waiting) window.location.reload();
  }, [online, waiting]);
  return (
    <EmptyState
      tone={view.kind === 'offline' ? 'neutral' : 'error'}
      headingLevel={headingLevel}
      title={view.title}
      description={view.description}
      actions={
        <>
          {view.reload ? (
            <Button variant="secondary" onClick={() => window.location.reload()}>
              Reload
            </Button>
          ) : null}
          <ButtonLink to="/">Go to the dashboard</ButtonLink>
        </>
      }
    />
  );
}

/** What the whole page shows when something outside a business screen fails (its code, a crash). */
export function RouteErrorBoundary() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <ErrorState headingLevel={1} />
    </main>
  );
}

/** What a business screen shows in place of itself when it fails: the header and navigation stay. */
export function ScreenErrorBoundary() {
  return (
    <div className="px-4 py-8 sm:px-6">
      <ErrorState headingLevel={1} />
    </div>
  );
}
