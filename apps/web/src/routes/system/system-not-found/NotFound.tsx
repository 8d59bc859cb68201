import { MESSAGES } from '@salondesk/core';
import { ButtonLink } from '../../../app/ButtonLink';
import { EmptyState } from '../../../ui/EmptyState';

/** The 404 screen, also shown inside the dashboard frame for an unknown business screen. */
export function NotFound() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <EmptyState headingLevel={1} title="Page not found" description={MESSAGES.notFound} actions={<ButtonLink to="/">Go to the dashboard</ButtonLink>} />
    </div>
  );
}
