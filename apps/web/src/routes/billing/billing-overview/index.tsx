import { useSearchParams, Link } from 'react-router-dom';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { buttonClasses } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { useBillingTargets } from '../billingShared';
import { BalancesSection } from './BalancesSection';
import { InvoicesSection } from './InvoicesSection';
import { OnetimeSection } from './OnetimeSection';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { SubscriptionsSection } from './SubscriptionsSection';
import { useBusinessId } from '../../../app/useBusinessId';

const TABS = [
  { value: 'invoices', label: 'Invoices' },
  { value: 'subscriptions', label: 'Subscriptions' },
  { value: 'methods', label: 'Payment methods' },
  { value: 'balances', label: 'Account balances' },
  { value: 'onetime', label: 'One-time and instalments' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (v: string | null): v is Tab => TABS.some((t) => t.value === v);

/**
 * `/{businessId}/billing` and the standalone `/{businessId}/billingv2` (spec 000 §2 slug): the
 * business's billing in one place — invoices (the four-status filter and past due), subscriptions,
 * payment methods, account balances (funds and messages), one-time charges and instalments. The
 * part shown is in the address (`?tab=`). A suspended business's users still reach it, to pay.
 */
export function Component() {
  const businessId = useBusinessId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'invoices';
  const targets = useBillingTargets(businessId);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Billing"
        title="Billing"
        description="Your subscription’s invoices and payments, the payment methods that pay them, and your account balances."
        actions={
          targets.admin ? (
            <Link to={`/${businessId}/admin/billing`} className={buttonClasses({ variant: 'secondary' })}>
              All businesses’ billing
            </Link>
          ) : null
        }
      />
      <div className="mt-6 overflow-x-auto">
        <SegmentedControl label="Part of billing" value={tab} options={TABS} onChange={(value) => setParams(patchSearchParams(new URLSearchParams(), { tab: value }), { replace: true })} />
      </div>
      <div className="mt-6">
        {tab === 'invoices' ? <InvoicesSection businessId={businessId} /> : null}
        {tab === 'subscriptions' ? <SubscriptionsSection businessId={businessId} /> : null}
        {tab === 'methods' ? <PaymentMethodsSection businessId={businessId} /> : null}
        {tab === 'balances' ? <BalancesSection businessId={businessId} /> : null}
        {tab === 'onetime' ? <OnetimeSection businessId={businessId} /> : null}
      </div>
    </div>
  );
}
