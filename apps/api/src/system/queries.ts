import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { systemSettings } from './schema';

/** A system setting as the API answers it. */
export const toSystemSetting = (row: typeof systemSettings.$inferSelect) => ({ key: row.key, value: row.value, updated_at: row.updated_at.toISOString() });

/** Every system setting, by key (the admins' list and its export). */
export async function listSystemSettings(db: Database) {
  return (await db.select().from(systemSettings).orderBy(asc(systemSettings.key))).map(toSystemSetting);
}
