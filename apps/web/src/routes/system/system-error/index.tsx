import { MESSAGES } from '@salondesk/core';
import { ButtonLink } from '../../../app/ButtonLink';
import { EmptyState } from '../../../ui/EmptyState';

/** `/error`: where the dashboard sends the reader after an error it cannot recover from. */
export function Component() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <EmptyState
        tone="error"
        headingLevel={1}
        title={MESSAGES.requestFailed}
        description={MESSAGES.serverError}
        actions={<ButtonLink to="/">Go to the dashboard</ButtonLink>}
      />
    </main>
  );
}
