import { SUPPORT_CONTACT_SETTING, type SupportContact } from '@salondesk/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { systemSettings } from './schema';

/** A system setting as the API answers it. */
export const toSystemSetting = (row: typeof systemSettings.$inferSelect) => ({ key: row.key, value: row.value, updated_at: row.updated_at.toISOString() });

/** Every system setting, by key (the admins' list and its export). */
export async function listSystemSettings(db: Database) {
  return (await db.select().from(systemSettings).orderBy(asc(systemSettings.key))).map(toSystemSetting);
}

/** The server's own support contact (`SALONDESK_SUPPORT_EMAIL`, `SALONDESK_SUPPORT_PHONE`), for when no system setting gives one. */
export interface SupportContactConfig {
  email?: string | undefined;
  phone?: string | undefined;
}

const filled = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The platform's support contact: each of the `support-contact` system setting's `email` and
 * `phone` (admins change it without a restart), else the server's configured one, else none.
 */
export async function supportContactOf(db: Database, fallback: SupportContactConfig = {}): Promise<SupportContact> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, SUPPORT_CONTACT_SETTING)).limit(1);
  const value = row && typeof row.value === 'object' && row.value !== null ? (row.value as Record<string, unknown>) : {};
  return { email: filled(value.email) ?? filled(fallback.email), phone: filled(value.phone) ?? filled(fallback.phone) };
}
