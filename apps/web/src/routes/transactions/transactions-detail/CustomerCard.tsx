import { customerOf, type Transaction } from '@salondesk/core';
import { useLoyalty } from '@salondesk/react';
import { ClientLink } from '../../../app/ClientLink';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { StarRating } from '../../../ui/StarRating';

/** The ticket's customer: name (a link to their profile), phone, email and loyalty stars. */
export function CustomerCard({ t, businessId }: { t: Transaction; businessId: number }) {
  const customer = customerOf(t.phones);
  const loyalty = useLoyalty(businessId, t.customer_id);
  const phone = usePhoneFormat(businessId);
  return (
    <section aria-labelledby="customer-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="customer-title" className="text-base font-semibold text-slate-900">
        Customer
      </h2>
      <p className="mt-2 text-sm font-medium text-slate-900">
        <ClientLink businessId={businessId} clientId={t.customer_id}>
          {customer.name}
        </ClientLink>
      </p>
      {customer.phone ? <p className="text-sm text-slate-600">{phone(customer.phone)}</p> : null}
      {customer.email ? <p className="text-sm text-slate-600">{customer.email}</p> : null}
      {t.customer_id !== null ? (
        <div className="mt-3">
          {loyalty.data ? (
            <>
              <StarRating filled={loyalty.data.stars} slots={loyalty.data.slots} label={`${loyalty.data.points} of ${loyalty.data.threshold} points, ${loyalty.data.percent}%`} />
              <p className="mt-1 text-xs text-slate-500">
                Loyalty {loyalty.data.points} / {loyalty.data.threshold} points ({loyalty.data.percent}%)
              </p>
            </>
          ) : loyalty.isError ? (
            <p className="text-xs text-red-700">{loyalty.error.message}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
