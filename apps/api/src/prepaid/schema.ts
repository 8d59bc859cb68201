import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { customers } from '../customers/schema';
import { businesses, networks, users } from '../db/schema';
import { checkouts, queue } from '../transactions/schema';

/**
 * Prepaid cards and memberships (spec 001 §7 Prepaid). A card's balance is the sum of its ledger
 * (`prepaid_ledger`), never a stored number; a membership's status is the status of its latest
 * event (`membership_events`), never a stored column. Cards and plans belong to a location
 * (`business_id`) of a network; a card number is unique across every network.
 *
 * The search indexes (last 4, card number, phone by its end, email, names with pg_trgm) are in the
 * custom migration `prepaid_search`: some are expressions and operator classes Drizzle cannot write.
 */

const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const network = () => integer('network_id').references(() => networks.id, { onDelete: 'restrict' });

export const prepaidCards = pgTable(
  'prepaid_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The location that issued it. */
    business_id: business(),
    network_id: network(),
    /** `giftcard` or `prepaid` (core `CARD_KIND`). */
    kind: text('kind').notNull(),
    card_number: text('card_number').notNull(),
    last4: text('last4')
      .notNull()
      .generatedAlwaysAs(sql`right(card_number, 4)`),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    purchaser_name: text('purchaser_name').notNull().default(''),
    /** Digits only. */
    purchaser_phone: text('purchaser_phone'),
    purchaser_email: text('purchaser_email'),
    recipient_name: text('recipient_name').notNull().default(''),
    recipient_phone: text('recipient_phone'),
    recipient_email: text('recipient_email'),
    issued_on: date('issued_on', { mode: 'string' }).notNull(),
    expires_on: date('expires_on', { mode: 'string' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prepaid_cards_number_key').on(t.card_number), index('prepaid_cards_business_issued_idx').on(t.business_id, t.issued_on, t.id)],
);

/** The card ledger: append-only, signed cents (core `CARD_ENTRY`). */
export const prepaidLedger = pgTable(
  'prepaid_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    card_id: integer('card_id')
      .notNull()
      .references(() => prepaidCards.id, { onDelete: 'cascade' }),
    /** Where it happened. */
    business_id: business(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** The business day it was made, in the time zone of the location where it happened. */
    day: date('day', { mode: 'string' }).notNull(),
    at: at('at').notNull().defaultNow(),
    /** The ticket it paid (REDEEM) or gave back (REFUND). */
    queue_id: integer('queue_id').references(() => queue.id, { onDelete: 'set null' }),
    checkout_id: integer('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    reason: text('reason'),
    note: text('note'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('prepaid_ledger_card_idx').on(t.card_id, t.id),
    index('prepaid_ledger_checkout_idx').on(t.checkout_id).where(sql`${t.checkout_id} is not null`),
    index('prepaid_ledger_business_day_idx').on(t.business_id, t.day),
  ],
);

/** A club membership plan of a location (`clubmemberships`). */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    network_id: network(),
    name: text('name').notNull(),
    /** Cents billed every `interval_months`. */
    price: integer('price').notNull(),
    interval_months: integer('interval_months').notNull().default(1),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('membership_plans_business_idx').on(t.business_id)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    network_id: network(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => membershipPlans.id, { onDelete: 'restrict' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    member_name: text('member_name').notNull(),
    member_phone: text('member_phone'),
    member_email: text('member_email'),
    started_on: date('started_on', { mode: 'string' }).notNull(),
    /** The end of the term paid for. */
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    /** The next bill date while billing runs (the status says whether it does). */
    next_bill_on: date('next_bill_on', { mode: 'string' }),
    auto_renew: boolean('auto_renew').notNull().default(true),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('memberships_business_expires_idx').on(t.business_id, t.expires_on, t.id),
    index('memberships_business_next_bill_idx').on(t.business_id, t.next_bill_on),
    index('memberships_plan_idx').on(t.plan_id),
  ],
);

/** What happened to a membership (core `MEMBERSHIP_EVENT`); its status is its latest event's. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    membership_id: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    business_id: business(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    at: at('at').notNull().defaultNow(),
    /** A pause's last day. */
    until: date('until', { mode: 'string' }),
    note: text('note'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('membership_events_latest_idx').on(t.membership_id, t.at.desc(), t.id.desc())],
);
