import {
  PAYMENT_PROVIDER_LABEL,
  PAYMENT_PROVIDERS,
  PAYOUT_DIFFERENCE_SIDE_LABEL,
  PAYOUT_ITEM_KIND_LABEL,
  type PaymentProvider,
  type PayoutDetail,
  type PayoutGrid,
  type PayoutStatus,
} from '@salondesk/core';
import type { PayoutGridRow } from './PayoutGrid';
import type { PayoutCause } from './webpayments-payout/PayoutReconciliation';
import type { StatusTone } from '../../ui/StatusBadge';

/** The provider filter of the web payment screens: every provider, or one (`?provider=`). */
export const PROVIDER_FILTER_OPTIONS: readonly { value: '' | PaymentProvider; label: string }[] = [
  { value: '', label: 'All providers' },
  ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: PAYMENT_PROVIDER_LABEL[p] })),
];

/** The provider of `?provider=`, or undefined for every provider (anything else is ignored). */
export const providerFrom = (value: string | null): PaymentProvider | undefined => PAYMENT_PROVIDERS.find((p) => p === value);

export const PAYOUT_STATUS_TONE: Record<PayoutStatus, StatusTone> = {
  pending: 'neutral',
  in_transit: 'info',
  paid: 'success',
  failed: 'danger',
  canceled: 'neutral',
};

/** An amount with its sign written out (`+ $0.45`, `− $25.00`, `$0.00`), for differences. */
export const signedMoney = (money: (cents: number) => string, cents: number): string => (cents > 0 ? `+ ${money(cents)}` : cents < 0 ? `− ${money(-cents)}` : money(0));

/** The payouts grid's rows: each payout named by its provider id, with its arrival day, its sum and its cells by checkout day. */
export function payoutGridRows(grid: PayoutGrid, arrivalLabel: (day: string) => string): PayoutGridRow[] {
  return grid.rows.map(({ payout, cells }) => ({
    id: payout.id,
    label: payout.providerPayoutId,
    detail: `${payout.manual ? 'Manual, arrives' : 'Arrives'} ${arrivalLabel(payout.arrival_date)}`,
    reconciled: payout.reconciled,
    amount: payout.amount,
    cells: cells.map((c) => ({ day: c.checkout_day, count: c.count, amount: c.amount })),
  }));
}

/**
 * What makes up a payout's difference, for its reconciliation card: each movement the provider's
 * listing and ours disagree on (`Refund re_3Nq8, missing from our records`), with what it adds to
 * our net amount. Empty when nothing was compared.
 */
export const payoutCauses = (detail: Pick<PayoutDetail, 'comparison'>): PayoutCause[] =>
  detail.comparison.differences.map((d) => ({
    key: d.key,
    label: `${PAYOUT_ITEM_KIND_LABEL[d.kind]} ${d.providerTxId ?? d.key}, ${PAYOUT_DIFFERENCE_SIDE_LABEL[d.side].toLowerCase()}`,
    amount: d.effect,
  }));
