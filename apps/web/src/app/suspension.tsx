import { type Business, businessPath, MESSAGES, reachableScreenWhenSuspended } from '@salondesk/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { EmptyState } from '../ui/EmptyState';
import { ButtonLink } from './ButtonLink';

const SuspensionNotice = lazy(() => import('./SuspensionNotice'));

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
 * banner to everyone while it will be suspended or is (`SuspensionNotice`: since when, why, what
 * is owed with a pay button, or whom to contact when nothing is); once suspended, its users reach
 * only billing, and any other screen says only that it is closed — the banner above says the rest,
 * once. The server holds the same line (`reachableWhenSuspended`), so this only spares them
 * screens that would be refused.
 */
export function suspensionView(business: Pick<Business, 'suspension'> | undefined, businessId: number, admin: boolean): SuspensionView {
  const suspension = business?.suspension;
  const day = suspension?.suspended_after ?? null;
  const onlyBilling = suspension?.isSuspended === true && !admin;
  const banner =
    suspension && day !== null && (suspension.willBeSuspended || suspension.isSuspended) ? (
      <Suspense fallback={null}>
        <SuspensionNotice businessId={businessId} suspension={suspension} />
      </Suspense>
    ) : null;
  const heldBack = (
    <div className="px-4 py-8 sm:px-6">
      <EmptyState headingLevel={1} title={MESSAGES.screenClosedWhileSuspended} actions={<ButtonLink to={businessPath(businessId, 'billing')}>Go to Billing</ButtonLink>} />
    </div>
  );
  return { banner, onlyBilling, heldBack };
}

/** May a suspended business's user open this path (`/{businessId}/billing/...`)? */
export const reachableWhenSuspendedPath = (pathname: string): boolean => reachableScreenWhenSuspended(screenOf(pathname));
