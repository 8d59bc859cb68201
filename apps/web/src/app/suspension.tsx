import { type Business, businessPath, MESSAGES, reachableScreenWhenSuspended, suspendedSince, suspensionBanner } from '@salondesk/core';
import type { ReactNode } from 'react';
import { StatusBanner } from '../ui/StatusBanner';
import { EmptyState } from '../ui/EmptyState';
import { ButtonLink } from './ButtonLink';

export interface SuspensionView {
  /** The line under the header: the day a business will be suspended, or since when it is. */
  banner: ReactNode;
  /** Its users (not admins) reach only billing: every other screen and navigation entry is held back. */
  onlyBilling: boolean;
  /** What shows instead of a screen that is held back. */
  heldBack: ReactNode;
}

/** The screen path below `/{businessId}/` (`billing/invoices/3`). */
const screenOf = (href: string) => href.replace(/^\/\d+\/?/, '');

/**
 * The suspension of the open business as the frame shows it (spec 000 §1, spec 001 §3-§4): a
 * banner with the date to everyone while it will be suspended (and to admins once it is); once
 * suspended, its users reach only billing, to pay. The server holds the same line
 * (`reachableWhenSuspended`), so this only spares them screens that would be refused.
 */
export function suspensionView(business: Pick<Business, 'suspension'> | undefined, businessId: number, admin: boolean): SuspensionView {
  const suspension = business?.suspension;
  const day = suspension?.suspended_after ?? null;
  const onlyBilling = suspension?.isSuspended === true && !admin;
  const banner =
    day === null ? null : suspension?.willBeSuspended ? (
      <StatusBanner title={suspensionBanner(day)} />
    ) : suspension?.isSuspended ? (
      <StatusBanner title={suspendedSince(day)} />
    ) : null;
  const heldBack = (
    <div className="px-4 py-8 sm:px-6">
      <EmptyState
        tone="error"
        headingLevel={1}
        title={MESSAGES.businessSuspended}
        description={day ? suspendedSince(day) : undefined}
        actions={<ButtonLink to={businessPath(businessId, 'billing')}>Go to Billing</ButtonLink>}
      />
    </div>
  );
  return { banner, onlyBilling, heldBack };
}

/** May a suspended business's user open this path (`/{businessId}/billing/...`)? */
export const reachableWhenSuspendedPath = (pathname: string): boolean => reachableScreenWhenSuspended(screenOf(pathname));
