import { numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders shared by the schemas (`db/schema.ts` and every `<area>/schema.ts`), so the
 * same kind of column is declared the same way everywhere. Tables they reference are not here:
 * each schema imports the tables it points at.
 */

/** An instant (`timestamptz`) named `name`. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was created: now, by default. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** A quantity with three decimals, summed exactly by PostgreSQL. */
export const quantityColumn = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });
