import { userCan } from '@salondesk/core';
import { useSession } from '@salondesk/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A client's name linking to their profile (`/{businessId}/clients/{id}`) for a user who may see
 * clients (`customer`); plain text for anyone else, or when the ticket has no client record.
 */
export function ClientLink({ businessId, clientId, children, className }: { businessId: number; clientId: number | null; children: ReactNode; className?: string }) {
  const user = useSession().session?.user;
  if (clientId === null || !user || !userCan(user, 'customer')) return <span className={className}>{children}</span>;
  return (
    <Link to={`/${businessId}/clients/${clientId}`} className={`${className ?? ''} text-brand-700 hover:underline`}>
      {children}
    </Link>
  );
}
