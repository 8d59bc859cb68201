import { Link } from 'react-router-dom';

/** `#id`, linking to the ticket's detail screen. */
export function TicketLink({ businessId, id }: { businessId: number; id: number }) {
  return (
    <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/transactions/${id}`}>
      #{id}
    </Link>
  );
}
