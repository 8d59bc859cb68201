import { MESSAGES } from '@salondesk/core';
import { useSession } from '@salondesk/react';
import { ButtonLink } from '../../../app/ButtonLink';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';

/** `/not-authorized`: the user may open no business here. */
export function Component() {
  const { session, logout } = useSession();
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <EmptyState
        tone="error"
        headingLevel={1}
        title={MESSAGES.notAuthorized}
        description={MESSAGES.noBusinessPermission}
        actions={
          session ? (
            <Button variant="secondary" onClick={() => void logout()}>
              Switch Account
            </Button>
          ) : (
            <ButtonLink to="/login">Sign in</ButtonLink>
          )
        }
      />
    </main>
  );
}
