import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { customers } from '../customers/schema';
import { businesses, users } from '../db/schema';
import { outbox } from '../outbox/schema';
import { checkouts } from '../transactions/schema';

/**
 * Campaigns and surveys (issue 18): an email or text message to a segment's clients, sent
 * through the outbox at a moment in the business's time zone, one delivery row per recipient
 * and round (the unique key is what makes two nodes running the same send job send once); the
 * clients who unsubscribed; NPS surveys and their invitations (one unguessable token each,
 * tied to the visit it asks about).
 */

const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const surveys = pgTable(
  'surveys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    name: text('name').notNull(),
    /** Always `nps` for now. */
    kind: text('kind').notNull().default('nps'),
    question: text('question').notNull(),
    active: boolean('active').notNull().default(true),
    created_at: at('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('surveys_business_idx').on(t.business_id), check('surveys_kind_check', sql`${t.kind} = 'nps'`)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    name: text('name').notNull(),
    /** `email` or `sms`. */
    channel: text('channel').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * The segment it goes to (`customer_segments`); null: every client of the location. No foreign
     * key: a segment deleted after scheduling turns the campaign back into a draft (send.ts).
     */
    segment_id: integer('segment_id'),
    survey_id: integer('survey_id').references(() => surveys.id, { onDelete: 'set null' }),
    cap_messages: integer('cap_messages'),
    cap_days: integer('cap_days'),
    /** `draft`, `scheduled`, `sending`, `sent` (core `CAMPAIGN_STATUS`). */
    status: text('status').notNull().default('draft'),
    /** The moment chosen, as the business wrote it and as an instant. */
    send_day: date('send_day', { mode: 'string' }),
    send_time: text('send_time'),
    send_at: at('send_at'),
    /**
     * Bumped by every schedule and cancel: a send job carries the version it was queued for and
     * does nothing when the campaign has been rescheduled or cancelled since.
     */
    schedule_version: integer('schedule_version').notNull().default(0),
    /** How many rounds were sent (a resend adds one). */
    rounds: integer('rounds').notNull().default(0),
    sent_at: at('sent_at'),
    duplicated_from_id: integer('duplicated_from_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_business_idx').on(t.business_id, t.created_at.desc()),
    check('campaigns_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent')`),
  ],
);

export const campaignDeliveries = pgTable(
  'campaign_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    channel: text('channel').notNull(),
    /** The address or number used ('' when skipped for want of one). */
    recipient: text('recipient').notNull(),
    /** `queued`, `handed` or `skipped` (core `DELIVERY_STATUS`). */
    status: text('status').notNull(),
    skip_reason: text('skip_reason'),
    /** The outbox row of the message, once handed. */
    outbox_id: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    /** The unsubscribe link's key: 192 random bits, base64url. */
    token: text('token').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    handed_at: at('handed_at'),
  },
  (t) => [
    // One delivery per client, campaign and round, whatever the number of nodes sending.
    uniqueIndex('campaign_deliveries_once_key').on(t.campaign_id, t.round, t.customer_id),
    uniqueIndex('campaign_deliveries_token_key').on(t.token),
    // The frequency cap: what a client of the business was handed lately.
    index('campaign_deliveries_customer_idx').on(t.business_id, t.customer_id, t.handed_at),
    // Foreign keys looked up when an outbox message or a client goes (housekeeping's sweep, an erase).
    index('campaign_deliveries_outbox_idx').on(t.outbox_id),
    index('campaign_deliveries_customer_only_idx').on(t.customer_id),
    check('campaign_deliveries_status_check', sql`${t.status} in ('queued', 'handed', 'skipped')`),
  ],
);

/** Clients who asked for no more campaign messages of this location, per channel. */
export const campaignUnsubscribes = pgTable(
  'campaign_unsubscribes',
  {
    business_id: business(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The delivery whose link was used. */
    delivery_id: integer('delivery_id').references(() => campaignDeliveries.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.customer_id, t.channel] }), index('campaign_unsubscribes_delivery_idx').on(t.delivery_id), index('campaign_unsubscribes_customer_idx').on(t.customer_id)],
);

/** One invitation to answer a survey, sent by a campaign's delivery, about one visit. */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    delivery_id: integer('delivery_id').references(() => campaignDeliveries.id, { onDelete: 'set null' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The client's last visit before the message: whose staff and services the answer rates. */
    checkout_id: integer('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** The public page's key: 192 random bits, base64url. */
    token: text('token').notNull(),
    score: integer('score'),
    comment: text('comment'),
    answered_at: at('answered_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_invitations_token_key').on(t.token),
    uniqueIndex('survey_invitations_delivery_key').on(t.delivery_id),
    index('survey_invitations_survey_idx').on(t.survey_id, t.answered_at),
    index('survey_invitations_checkout_idx').on(t.checkout_id),
    index('survey_invitations_customer_idx').on(t.customer_id),
    check('survey_invitations_score_check', sql`${t.score} between 0 and 10`),
  ],
);
