import { businessPath, CURRENCY_SYMBOL, dayLabel, formatMoney, payAmount, type Suspension, suspendedSince, suspensionNotice, suspensionReason, suspensionScheduledOn } from '@salondesk/core';
import { useSuspensionStatus } from '@salondesk/react';
import { StatusBanner } from '../ui/StatusBanner';
import { ButtonLink } from './ButtonLink';
import { usePhoneFormat } from './usePhoneFormat';

/**
 * The banner of a business that is suspended, or will be (issue 28): since when (or from when),
 * the reason the admin gave, and the way forward — what its invoices owe with a button to pay,
 * or, when it owes nothing, the platform's support contact. Each said once (core's
 * `suspensionNotice`); until the status arrives, the day and reason the business itself carries.
 * Loaded on demand by the frame (it brings the phone formats), only for a business with a
 * suspension day.
 */
export default function SuspensionNotice({ businessId, suspension }: { businessId: number; suspension: Suspension }) {
  const status = useSuspensionStatus(businessId);
  const phone = usePhoneFormat(businessId);
  const symbol = status.data ? CURRENCY_SYMBOL[status.data.owed.currency] : '$';
  const notice = status.data ? suspensionNotice(status.data, { day: dayLabel, money: (cents) => formatMoney(cents, symbol) }) : null;
  const day = suspension.suspended_after;
  if (day === null) return null;
  if (!notice) {
    return (
      <StatusBanner title={suspension.isSuspended ? suspendedSince(dayLabel(day)) : suspensionScheduledOn(dayLabel(day))}>
        {suspension.reason ? suspensionReason(suspension.reason) : null}
      </StatusBanner>
    );
  }
  const { next } = notice;
  return (
    <StatusBanner title={notice.title}>
      <span className="inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
        {notice.reason ? <span>{notice.reason}</span> : null}
        <span>{next.text}</span>
        {next.kind === 'pay' ? (
          <ButtonLink size="sm" to={businessPath(businessId, next.invoice_id === null ? 'billing?tab=invoices' : `billing/invoices/${next.invoice_id}`)}>
            {payAmount(formatMoney(next.amount, symbol))}
          </ButtonLink>
        ) : (
          <span aria-label="Support contact" role="group" className="inline-flex flex-wrap items-center gap-x-2">
            {next.contact.email ? (
              <a className="font-medium underline underline-offset-2" href={`mailto:${next.contact.email}`}>
                {next.contact.email}
              </a>
            ) : null}
            {next.contact.phone ? (
              <a className="font-medium underline underline-offset-2" href={`tel:${next.contact.phone.replace(/[^\d+]/g, '')}`}>
                {phone(next.contact.phone)}
              </a>
            ) : null}
          </span>
        )}
      </span>
    </StatusBanner>
  );
}
