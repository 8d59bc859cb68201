import { createClient, createMemoryStorage } from '@salondesk/core';
import { SalondeskProvider, useAddSharedPaymentMethod, useSharedPaymentMethodLink } from '@salondesk/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { getSdk } from '../../../app/sdk';
import { AuthFrame } from '../../../ui/AuthFrame';
import { PaymentDetailsForm } from '../PaymentDetailsForm';
import { Skeleton } from '../../../ui/Skeleton';

/**
 * `/payment-method/{token}`: the public page a payment-method share link opens (spec 000 route
 * rule `payment-method`: no sign-in, no business check). Whoever has the link adds one payment
 * method to its owner's account, once, within 7 days; the card goes to the payment provider
 * straight from this page. The page keeps no session (memory storage) and knows only the owner's
 * name.
 */
export function Component() {
  // The dashboard's transport (one fetch, tests' included), but no session: memory storage only.
  const [client] = useState(() => createClient({ transport: getSdk().client.transport }));
  return (
    <SalondeskProvider client={client} storage={createMemoryStorage()}>
      <SharedPaymentMethod />
    </SalondeskProvider>
  );
}

function SharedPaymentMethod() {
  const { token = '' } = useParams();
  const link = useSharedPaymentMethodLink(token);
  const add = useAddSharedPaymentMethod(token);

  if (add.data) {
    return (
      <AuthFrame title="Payment method added" description={`Thank you. The ${add.data.brand ?? 'payment method'} ending ${add.data.last4} was added. You can close this page.`}>
        <p className="mt-6 text-sm text-slate-600">This link has now been used and no longer works.</p>
      </AuthFrame>
    );
  }
  if (link.isError) {
    return (
      <AuthFrame title="This link is not valid" description="It may have expired (links last 7 days) or already been used. Ask for a new one.">
        <p className="mt-6 text-sm text-slate-600">No payment method was added.</p>
      </AuthFrame>
    );
  }
  if (!link.data) {
    return (
      <AuthFrame title="Add a payment method">
        <div aria-busy="true" className="mt-6">
          <p role="status" className="sr-only">
            Loading the link
          </p>
          <Skeleton className="h-56 w-full" />
        </div>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      title="Add a payment method"
      description={`For ${link.data.for_name}. This link works once, until ${new Date(link.data.expires_at).toLocaleString()}. Your card goes straight to the payment provider.`}
    >
      <div className="mt-6">
        <PaymentDetailsForm withName pending={add.isPending} error={add.error?.message} onSubmit={(details, name) => add.mutate({ details, ...(name ? { name } : {}) })} />
      </div>
    </AuthFrame>
  );
}
