import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant } from './ids';
import { jsonValue, text } from './input';

/**
 * Saved table settings (spec 001 §7 "GET and POST tablesettings/{name}/get and /update. The POST
 * body is {settings:{title, configuration, id}}"): one record per user, business and table name,
 * so a table looks the same on the next visit and on another device.
 */

/** A table's name in the path: a slug such as `sales-by-staff` or the spec's `po-settings`. */
export const TABLE_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const tableName = z.string().check(z.regex(TABLE_NAME_PATTERN, { error: MESSAGES.invalidTableName }));

/** The most characters a table's configuration may take as compact JSON (a wide table's settings take about 2,000). */
export const TABLE_CONFIGURATION_MAX = 16_384;
/** The most characters of a table's title. */
export const TABLE_TITLE_MAX = 120;

/** A table's configuration: any JSON (bounded like every JSON value), at most `TABLE_CONFIGURATION_MAX` characters. */
export const tableConfiguration = jsonValue.check(
  z.refine((value) => (JSON.stringify(value) ?? '').length <= TABLE_CONFIGURATION_MAX, { error: MESSAGES.tableSettingsTooLarge }),
);

/** The body of `tablesettings/{name}/update`; `id` is the saved record's (from `get`), absent or null the first time. */
export const tableSettingsUpdate = z.object({
  settings: z.object({
    title: text(TABLE_TITLE_MAX, { trim: true }),
    configuration: tableConfiguration,
    id: z.optional(z.nullable(id)),
  }),
});
export type TableSettingsUpdate = z.input<typeof tableSettingsUpdate>;

/** One user's saved settings of one table in one business. */
export const tableSettings = z.object({
  id,
  name: z.string(),
  title: z.string(),
  configuration: z.unknown(),
  updated_at: instant,
});
export type TableSettings = z.infer<typeof tableSettings>;

/**
 * What `DataTable` keeps in `configuration`: sorting, column visibility, order and widths (the
 * names of TanStack Table's state). Read with `readTableConfiguration`, which keeps what is
 * well formed and drops the rest, so settings written by an older screen never break a table.
 */
export const dataTableConfiguration = z.object({
  sorting: z.optional(z.array(z.object({ id: z.string(), desc: z.boolean() }))),
  columnVisibility: z.optional(z.record(z.string(), z.boolean())),
  columnOrder: z.optional(z.array(z.string())),
  columnSizing: z.optional(z.record(z.string(), z.number().check(z.positive()))),
});
export type DataTableConfiguration = z.infer<typeof dataTableConfiguration>;

/** The well-formed parts of a saved configuration (each part on its own); `{}` for anything else. */
export function readTableConfiguration(value: unknown): DataTableConfiguration {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const shape = dataTableConfiguration.def.shape;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const parsed = z.safeParse(shape[key], (value as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as DataTableConfiguration;
}
