import { z } from 'zod/mini';
import { id } from './ids';
import { paymentProvider } from './transaction';
import { suspension } from './suspension';

/** The default time zone of a business (spec 000 §9, spec 001 §9). */
export const DEFAULT_TIMEZONE = 'America/Los_Angeles';

/** Currencies a business may bill in (spec 000 §9). */
export const CURRENCY = {
  USD: 'USD',
  EUR: 'EUR',
  NPR: 'NPR',
  AUD: 'AUD',
  INR: 'INR',
  MXN: 'MXN',
  CAD: 'CAD',
} as const;
export type Currency = (typeof CURRENCY)[keyof typeof CURRENCY];

export const CURRENCY_SYMBOL: Record<Currency, string> = {
  USD: '$',
  EUR: '€',
  NPR: 'Rs',
  AUD: 'A$',
  INR: '₹',
  MXN: 'MX$',
  CAD: 'CA$',
};

export const BUSINESS_STATUS = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;
export type BusinessStatus = (typeof BUSINESS_STATUS)[keyof typeof BUSINESS_STATUS];

export const BUSINESS_STATUS_LABEL: Record<BusinessStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

export const businessInfo = z.looseObject({
  name: z.optional(z.string()),
  currency: z.optional(z.enum(Object.values(CURRENCY) as [Currency, ...Currency[]])),
  translationData: z.optional(z.looseObject({ currencySymbol: z.string() })),
  calendarSettings: z.optional(z.looseObject({})),
  taxrate: z.optional(z.number()),
  timezone: z.optional(z.string()),
  code: z.optional(z.string()),
  webcode: z.optional(z.string()),
  address: z.optional(z.string()),
  phone: z.optional(z.string()),
  /** Waivers are on for the location (spec 001 §3 Business info `waiversEnabled`; kept in `businesses.waivers_enabled`). */
  waiversEnabled: z.optional(z.boolean()),
  /** Who takes the location's web payments (spec 001 §3): the epay settings' `epay.weborder.provider`, one column for both; null while none. */
  webpaymentProvider: z.optional(z.nullable(paymentProvider)),
  /** Loyalty points for one reward (spec 001 §9: the star slots); `DEFAULT_LOYALTY_THRESHOLD` when unset. */
  loyaltyPointsThreshold: z.optional(z.number()),
  /** Points a client earns per whole unit of currency spent (core's `pointsEarned`). */
  pointsPerDollar: z.optional(z.number()),
  /** How clients may pay the location outside the dashboard (bank details, a payment address), shown on invoices; null while none. */
  payInfo: z.optional(z.nullable(z.string())),
});
export type BusinessInfo = z.infer<typeof businessInfo>;

/** Which reports a location offers (spec 000 §3 Business `reportsettings`): none when not `enabled`; the daily and period report slugs in `reports`. */
export const reportSettings = z.object({ enabled: z.boolean(), reports: z.array(z.string()) });
export type ReportSettings = z.infer<typeof reportSettings>;

/** A business location (spec 000 §3). */
export const business = z.object({
  id,
  network_id: z.nullable(id),
  name: z.string(),
  status: z.string(),
  timezone: z._default(z.string(), DEFAULT_TIMEZONE),
  reportsettings: reportSettings,
  info: businessInfo,
  /** The first day of its week, 0 = Sunday (the schedule settings' `weekStartsOn`, else its calendar's): "This week" starts on it. */
  weekStartsOn: z.optional(z.int().check(z.minimum(0), z.maximum(6))),
  /** Its suspension (spec 001 §3): none, a day to come (a banner), or a day that has come (only billing). */
  suspension: z.optional(suspension),
});
export type Business = z.infer<typeof business>;

/** What a list of businesses shows of each: enough to pick one. */
export const businessSummary = z.pick(business, { id: true, network_id: true, name: true, status: true, timezone: true });
export type BusinessSummary = z.infer<typeof businessSummary>;

export const network = z.object({ id, name: z.string() });
export type Network = z.infer<typeof network>;
