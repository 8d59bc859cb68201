import { z } from 'zod/mini';
import { DAY_MAX, id, instant, reportedDay } from './ids';
import { cardKind, membershipStatus } from './prepaid';
import { cents } from './transaction';

/**
 * Clients (issue 18): a customer of a location as the client list and profile show them, with
 * the facts of `customer_facts` (`CLIENT_FIGURES`) and the network's tags. Money in cents.
 */

/** The orders of the client list, and their labels. */
export const CLIENT_SORTS = ['name', 'last_visit', 'visits', 'spend', 'created'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_LABEL: Record<ClientSort, string> = {
  name: 'Name',
  last_visit: 'Last visit',
  visits: 'Visits',
  spend: 'Spend',
  created: 'Added',
};

/** The earliest birthday a client may have. */
export const BIRTHDAY_MIN = '1900-01-01';
export const BIRTHDAY_MESSAGE = 'Enter a birthday as YYYY-MM-DD, from 1900-01-01 on.';
/** A day of birth, `YYYY-MM-DD` (a `date` column; years before 2000 are fine, unlike a business day). */
export const birthday = z.iso.date({ error: BIRTHDAY_MESSAGE }).check(z.refine((d) => d >= BIRTHDAY_MIN && d <= DAY_MAX, { error: BIRTHDAY_MESSAGE }));

/** A tag of the network (or of a location outside any network). */
export const clientTag = z.object({ id, name: z.string(), color: z.string() });
export type ClientTag = z.infer<typeof clientTag>;

/** A tag with how many clients of the network's locations carry it (`getTags`). */
export const tagWithUse = z.extend(clientTag, { clients: z.int() });
export type TagWithUse = z.infer<typeof tagWithUse>;

/** What a client did at the location: a row of `customer_facts`, the last staff member named. */
export const customerFactsModel = z.object({
  visits: z.int(),
  spend: cents,
  refunds: cents,
  tips: cents,
  average_spend: cents,
  first_visit: z.nullable(reportedDay),
  last_visit: z.nullable(reportedDay),
  last_ticket_id: z.nullable(id),
  last_staff_id: z.nullable(id),
  /** The staff member's display name; `Former staff` when they are gone. */
  last_staff: z.nullable(z.string()),
});

/** One row of the client list. */
export const clientRow = z.extend(customerFactsModel, {
  id,
  /** The name the client is shown by (`clientName`). */
  name: z.string(),
  firstname: z.nullable(z.string()),
  lastname: z.nullable(z.string()),
  phone: z.string(),
  phone_type: z.string(),
  email: z.nullable(z.string()),
  birthday: z.nullable(reportedDay),
  loyalty_points: z.int(),
  tags: z.array(clientTag),
  created_at: instant,
  /** When the client's personal data was erased; null for everyone else. */
  erased_at: z.nullable(instant),
});
export type ClientRow = z.infer<typeof clientRow>;

export const clientSort = z.enum(CLIENT_SORTS, { error: `Sort by ${CLIENT_SORTS.join(', ')}` });

export const clientPage = z.object({
  rows: z.array(clientRow),
  /** Clients matching the search and filters, on every page. */
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
});
export type ClientPage = z.infer<typeof clientPage>;

/** A prepaid card or gift card the client holds, with its balance (its ledger's sum). */
export const clientCard = z.object({ id, kind: cardKind, card_number: z.string(), last4: z.string(), balance: cents, issued_on: reportedDay, expires_on: z.nullable(reportedDay), location: z.string() });
export type ClientCard = z.infer<typeof clientCard>;
/** A membership of the client. */
export const clientMembership = z.object({ id, plan: z.string(), status: membershipStatus, started_on: reportedDay, expires_on: reportedDay, next_bill_on: z.nullable(reportedDay), location: z.string() });
export type ClientMembership = z.infer<typeof clientMembership>;

/** The client profile: contact, notes, tags, facts, cards and memberships, and who was merged into it. */
export const clientProfile = z.extend(clientRow, {
  notes: z.string(),
  /** Null unless this client was merged into another (it is then read-only). */
  merged_into_id: z.nullable(id),
  merged_from: z.array(z.object({ id, name: z.string() })),
  cards: z.array(clientCard),
  memberships: z.array(clientMembership),
  /** The location's name (a client belongs to one location). */
  location: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfile>;

/** One visit (ticket) of the client, with what it sold. */
export const clientVisit = z.object({
  ticket_id: id,
  day: reportedDay,
  /** The ticket's status (`CHECKOUT` completed; others are open or deleted and count as no visit). */
  status: z.string(),
  completed: z.boolean(),
  staff_id: z.nullable(id),
  staff: z.nullable(z.string()),
  items: z.array(z.object({ kind: z.string(), name: z.string(), quantity: z.int(), total: cents, staff: z.nullable(z.string()) })),
  /** Line totals of the ticket (its spend). */
  total: cents,
  tips: cents,
  refunded: cents,
});
export type ClientVisit = z.infer<typeof clientVisit>;

export const clientVisitPage = z.object({ rows: z.array(clientVisit), total: z.int(), page: z.int(), page_size: z.int() });

/** A possible duplicate of a client at the same location, and why. */
export const clientDuplicate = z.object({
  id,
  name: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  visits: z.int(),
  last_visit: z.nullable(reportedDay),
  reasons: z.array(z.enum(['phone', 'email', 'name'])),
});

/** Everything kept about one client, as the GDPR-style export gives it (a JSON file). */
export const clientPersonalData = z.object({
  exported_at: instant,
  business: z.object({ id, name: z.string() }),
  client: z.object({
    id,
    firstname: z.nullable(z.string()),
    lastname: z.nullable(z.string()),
    phone: z.string(),
    phone_type: z.string(),
    email: z.nullable(z.string()),
    birthday: z.nullable(reportedDay),
    notes: z.string(),
    loyalty_points: z.int(),
    created_at: instant,
    erased_at: z.nullable(instant),
  }),
  tags: z.array(z.string()),
  visits: z.array(clientVisit),
  cards: z.array(clientCard),
  memberships: z.array(clientMembership),
});
export type ClientPersonalData = z.infer<typeof clientPersonalData>;
