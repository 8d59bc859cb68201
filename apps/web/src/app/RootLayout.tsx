import { businessIdFromPath, pathCheck, switchBusinessPath } from '@salondesk/core';
import { useSession } from '@salondesk/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from './FullPageSpinner';
import { guardDecision, loginPath } from './guard';

// The modal (and headlessui with it) loads only when a path names a business the user may not open.
const NoBusinessPermission = lazy(() => import('./NoBusinessPermission').then((m) => ({ default: m.NoBusinessPermission })));

/** The root route: restores the session on load and guards every screen below it (spec 000 §2, §4). */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { status, session, businessId, signOutReason, restore, selectBusiness, logout } = useSession();
  const decision = guardDecision({ pathname, search, status, session, signOutReason });
  // Set by "Switch Account": where to go once signed out (the login screen, then back here).
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const skipsAuth = pathCheck(pathname) === 'public';

  useEffect(() => {
    if (!skipsAuth && status === 'idle') void restore();
  }, [skipsAuth, status, restore]);

  // Remember the last business the user could open: "Stay in current business" goes back there.
  const openedBusiness = decision.kind === 'render' ? businessIdFromPath(pathname) : null;
  useEffect(() => {
    if (openedBusiness !== null && session !== null) selectBusiness(openedBusiness);
  }, [openedBusiness, session, selectBusiness]);

  if (leavingTo !== null) return <Navigate to={leavingTo} replace />;
  switch (decision.kind) {
    case 'wait':
      return <FullPageSpinner label="Restoring your session" />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'noPermission': {
      const stayIn = businessId ?? session?.businesses[0]?.id ?? null;
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <NoBusinessPermission
          open
          onStay={() => void navigate(stayIn === null ? '/not-authorized' : switchBusinessPath(pathname, stayIn), { replace: true })}
          onSwitchAccount={() => {
            setLeavingTo(loginPath(pathname + search));
            void logout();
          }}
          />
        </Suspense>
      );
    }
    default:
      return <Outlet />;
  }
}

