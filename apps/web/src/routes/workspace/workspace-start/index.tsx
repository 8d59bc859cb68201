import { businessPath, isAdmin } from '@salondesk/core';
import { useAdminBusinesses, useSession } from '@salondesk/react';
import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../../../app/FullPageSpinner';

/** `/`: opens the business the user last worked in, else their first (for an admin, the platform's first). */
export function Component() {
  const { session, businessId } = useSession();
  const adminBusinesses = useAdminBusinesses();
  if (session === null) return null;
  const first = businessId ?? session.businesses[0]?.id ?? null;
  if (first !== null) return <Navigate to={businessPath(first)} replace />;
  if (isAdmin(session.user)) {
    if (adminBusinesses.isPending) return <FullPageSpinner />;
    const any = adminBusinesses.data?.[0]?.id;
    if (any !== undefined) return <Navigate to={businessPath(any)} replace />;
  }
  return <Navigate to="/not-authorized" replace />;
}
