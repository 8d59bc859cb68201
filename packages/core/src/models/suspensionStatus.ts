import { z } from 'zod/mini';
import { billingCurrency } from './billing';
import { id } from './ids';
import { suspension } from './suspension';

/**
 * What a suspended business (or one that will be) can do about it (issue 28): since when and why
 * (its suspension), what it owes with the invoice to pay first, and whom to ask when it owes
 * nothing: the platform's support contact (the `support-contact` system setting, else the server's
 * `SALONDESK_SUPPORT_EMAIL` / `SALONDESK_SUPPORT_PHONE`).
 */

/** The system setting holding the platform's support contact: `{ "email": "...", "phone": "..." }`. */
export const SUPPORT_CONTACT_SETTING = 'support-contact';

/** The platform's support contact; either may be missing. */
export const supportContact = z.object({ email: z.nullable(z.string()), phone: z.nullable(z.string()) });
export type SupportContact = z.infer<typeof supportContact>;

/** `GET /protected/business/{id}/suspension`. */
export const suspensionStatus = z.object({
  suspension,
  /** Its unpaid and failed invoices: their balance due (total − paid) in cents, how many, and the oldest one, to pay first. */
  owed: z.object({
    amount: z.number().check(z.int()),
    currency: billingCurrency,
    invoices: z.number().check(z.int()),
    invoice_id: z.nullable(id),
  }),
  contact: supportContact,
});
export type SuspensionStatus = z.infer<typeof suspensionStatus>;
