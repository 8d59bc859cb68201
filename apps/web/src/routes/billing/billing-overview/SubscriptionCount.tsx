import { billingDests, SUBSCRIPTION_STATE_LABEL, SUBSCRIPTION_STATES } from '@salondesk/core';
import { useBillingQuery } from '@salondesk/react';
import { useBillingTargets } from '../billingShared';

/** How many subscriptions this business has, and how many in each state (`subscription/count`). Nothing while it loads or fails: the list below says why. */
export function SubscriptionCount({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const count = useBillingQuery(billingDests.subscription.count, targets.business, {});
  if (!count.data) return null;
  const states = SUBSCRIPTION_STATES.filter((s) => (count.data.by_state[s] ?? 0) > 0).map((s) => `${count.data.by_state[s]} ${SUBSCRIPTION_STATE_LABEL[s].toLowerCase()}`);
  return (
    <p role="status" className="text-sm text-slate-700">
      {count.data.count === 1 ? 'This business has 1 subscription' : `This business has ${count.data.count} subscriptions`}
      {states.length > 0 ? `: ${states.join(', ')}.` : '.'}
    </p>
  );
}
