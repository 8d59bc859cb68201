import type { BusinessHoursDay } from '@salondesk/core';
import type { Executor } from '../db/executor';
import { businessHours, businessSettings, settingTypes } from '../settings/schema';

type TypeSeed = typeof settingTypes.$inferInsert;

/** A realistic set of platform setting types (names uppercased, as stored). */
export const DEMO_SETTING_TYPES: readonly TypeSeed[] = [
  { name: 'ONLINE_BOOKING_ENABLED', prettyname: 'Online booking', description: 'Clients can book appointments on the website and the app.', category: 'Online Booking', type: 'bool', cancopy: true, syncappt: true, defaultvalue: 'true' },
  { name: 'BOOKING_LEAD_TIME_HOURS', prettyname: 'Booking lead time (hours)', description: 'How many hours ahead a client must book online.', category: 'Online Booking', type: 'decimal', cancopy: true, syncappt: true, defaultvalue: '2' },
  { name: 'BOOKING_WINDOW_DAYS', prettyname: 'Booking window (days)', description: 'How far ahead clients can book online.', category: 'Online Booking', type: 'decimal', cancopy: true, defaultvalue: '60' },
  { name: 'CANCELLATION_POLICY', prettyname: 'Cancellation policy', description: 'Shown to clients when they book and in reminders.', category: 'Online Booking', type: 'string', cancopy: true, defaultvalue: 'Please give us 24 hours notice to cancel or reschedule.' },
  { name: 'DEFAULT_TIP_PERCENTAGES', prettyname: 'Tip suggestions', description: 'Tip percentages offered at checkout, as a JSON list.', category: 'Checkout', type: 'json', cancopy: true, defaultvalue: '[15,18,20,25]' },
  { name: 'SERVICE_CHARGE_PERCENT', prettyname: 'Service charge (%)', description: 'Added to every ticket before tax.', category: 'Checkout', type: 'decimal', cancopy: true, defaultvalue: '0' },
  { name: 'RECEIPT_FOOTER', prettyname: 'Receipt footer', description: 'Printed at the bottom of every receipt.', category: 'Checkout', type: 'string', cancopy: true, defaultvalue: 'Thank you for visiting!' },
  { name: 'ROUNDING_MODE', prettyname: 'Cash rounding', description: 'How cash totals are rounded.', category: 'Checkout', type: 'options', options: ['none', 'nearest-5', 'nearest-10'], cancopy: true, defaultvalue: 'none' },
  { name: 'REMINDER_HOURS_BEFORE', prettyname: 'Reminder (hours before)', description: 'When appointment reminders are sent.', category: 'Notifications', type: 'options', options: ['2', '12', '24', '48'], cancopy: true, syncappt: true, defaultvalue: '24' },
  { name: 'SMS_REMINDERS', prettyname: 'Text message reminders', description: 'Send reminders by text message as well as email.', category: 'Notifications', type: 'bool', cancopy: true, defaultvalue: 'false' },
  { name: 'CALENDAR_START_DAY', prettyname: 'Week starts on', description: 'The first day of the week in calendars and reports.', category: null, type: 'options', options: ['Sunday', 'Monday'], reload: true, defaultvalue: 'Sunday' },
  { name: 'BOOKING_SUBDOMAIN', prettyname: 'Booking page address', description: 'The web address of this location\u2019s booking page; each location has its own.', category: null, type: 'string', isunique: true, defaultvalue: null },
  { name: 'PAYMENT_PROVIDER_ACCOUNT', prettyname: 'Payment provider account', description: 'The connected payments account (set by Salondesk support).', category: 'Payments', type: 'string', isvisible: 1, editable: false, defaultvalue: null },
  { name: 'FEATURE_FLAGS', prettyname: 'Feature flags', description: 'Features in early access for this location.', category: 'Payments', type: 'json', isvisible: 1, defaultvalue: '{}' },
  { name: 'LEGACY_IMPORT_ID', prettyname: 'Legacy import id', description: 'Where this location\u2019s data was imported from.', category: null, type: 'string', isvisible: 0, editable: false, defaultvalue: null },
];

/** Setting types (once) and each location's values and business hours. */
export async function seedSettingTypes(tx: Executor): Promise<void> {
  await tx.insert(settingTypes).values([...DEMO_SETTING_TYPES]);
}

export async function seedSettings(tx: Executor, business: { id: number; network_id: number | null; name: string; index: number }): Promise<void> {
  const types = await tx.select({ id: settingTypes.id, name: settingTypes.name }).from(settingTypes);
  const id = (name: string) => types.find((t) => t.name === name)?.id as number;
  const slug = business.name.toLowerCase().replace(/[^a-z]+/g, '-');
  const values: [string, string][] = [
    ['BOOKING_SUBDOMAIN', slug],
    ['BOOKING_LEAD_TIME_HOURS', String([2, 4, 1, 12, 3][business.index % 5])],
    ['SMS_REMINDERS', business.index % 2 === 0 ? 'true' : 'false'],
    ['FEATURE_FLAGS', JSON.stringify({ waitlist: business.index % 2 === 1 })],
    ['PAYMENT_PROVIDER_ACCOUNT', `acct_demo_${String(business.id).padStart(4, '0')}`],
  ];
  await tx.insert(businessSettings).values(values.map(([name, value]) => ({ business_id: business.id, network_id: business.network_id, setting_type_id: id(name), value })));
  await tx.insert(businessHours).values(DEMO_BUSINESS_HOURS.map((day) => ({ business_id: business.id, network_id: business.network_id, ...day })));
}

/** Every demo location's Business Hours: Tuesday to Saturday 09:00–19:00 (Thursday late until 21:00), Monday 10:00–18:00, closed Sunday. */
export const DEMO_BUSINESS_HOURS: readonly BusinessHoursDay[] = [0, 1, 2, 3, 4, 5, 6].map((dow) => ({
  dow,
  open: dow !== 0,
  start: dow === 1 ? '10:00' : '09:00',
  end: dow === 4 ? '21:00' : dow === 1 ? '18:00' : '19:00',
}));
