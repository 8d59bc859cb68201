import { MESSAGES } from '@salondesk/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ButtonLink } from './ButtonLink';

/** What a screen shows when its code fails to load or it throws while rendering. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <EmptyState
        tone="error"
        headingLevel={1}
        title={notFound ? 'Page not found' : MESSAGES.requestFailed}
        description={notFound ? MESSAGES.notFound : MESSAGES.serverError}
        actions={
          <>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <ButtonLink to="/">Go to the dashboard</ButtonLink>
          </>
        }
      />
    </main>
  );
}
