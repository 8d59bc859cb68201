import { z } from 'zod/mini';
import { id, instant } from './ids';
import { boundedInt, jsonValue, text } from './input';

/**
 * Reports (spec 000 §3 Custom report, Pivot report, Report category config, Deletion metadata,
 * Data source; §4 Report deletion; spec 001 §7). The shapes every part of reports shares: the
 * builder, the engine that runs procedure and function reports and data sources, the pivot
 * engine and the questions service. Request schemas (new, update) are built from these.
 */

/** A name of a column, a parameter or a report function: lower-case letters, digits and `_`, starting with a letter. */
export const REPORT_IDENTIFIER_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const reportIdentifier = z.string().check(z.regex(REPORT_IDENTIFIER_PATTERN, { error: 'Must be lower-case letters, digits and _, starting with a letter (at most 63)' }));

/** The most characters of a report's title, and of its description. */
export const REPORT_TITLE_MAX = 120;
export const REPORT_DESCRIPTION_MAX = 2_000;
/** The most characters of a report category's name. */
export const REPORT_CATEGORY_NAME_MAX = 60;
/** The most parameters a report or data source declares, and columns a report shows. */
export const REPORT_PARAMETERS_MAX = 20;
export const REPORT_COLUMNS_MAX = 52;

// ——— Parameters ————————————————————————————————————————————————————————————————

/** How a person gives a parameter's value. */
export const REPORT_PARAMETER_TYPES = ['date', 'number', 'text', 'boolean', 'choice'] as const;
export type ReportParameterType = (typeof REPORT_PARAMETER_TYPES)[number];

/**
 * Where a parameter's default value (and, for `choice`, its choices) come from (`config.valueType`):
 * `static` — `config.value` is the value itself (for `choice`, the list of choices);
 * `relative` — `config.value` is a relative date (`today`, `yesterday`, `start-of-week`,
 *   `start-of-month`, `end-of-month`, `start-of-last-month`, `end-of-last-month`, `start-of-year`), read in the business's time zone;
 * `query` — `config.value` is a read-only SELECT over the reporting views whose first column gives
 *   the choices (and second, when present, their labels), run again every time the report opens.
 */
export const REPORT_PARAMETER_VALUE_TYPES = ['static', 'relative', 'query'] as const;
export type ReportParameterValueType = (typeof REPORT_PARAMETER_VALUE_TYPES)[number];

export const RELATIVE_DAYS = ['today', 'yesterday', 'start-of-week', 'start-of-month', 'end-of-month', 'start-of-last-month', 'end-of-last-month', 'start-of-year'] as const;
export type RelativeDay = (typeof RELATIVE_DAYS)[number];

/** A parameter's value as given to a run: a day `YYYY-MM-DD`, a number, a text, a boolean or null. */
export const reportParameterValue = z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]);
export type ReportParameterValue = z.infer<typeof reportParameterValue>;

/**
 * A declared parameter (spec 000 §3 Data source: "settings.parameters (each: id, type, target,
 * config.valueType, config.value)"): `id` is its stable key (what a run names it by), `type` how it
 * is given, `target` the named placeholder it fills in the SQL (`:target`), `config` its default or
 * choices. `label` is what the viewer shows beside it.
 */
export const reportParameter = z.object({
  id: reportIdentifier,
  label: z.optional(text(80, { trim: true })),
  type: z.enum(REPORT_PARAMETER_TYPES),
  target: reportIdentifier,
  required: z.optional(z.boolean()),
  config: z.object({
    valueType: z.enum(REPORT_PARAMETER_VALUE_TYPES),
    value: z.optional(jsonValue),
  }),
});
export type ReportParameter = z.infer<typeof reportParameter>;
export const reportParameters = z.array(reportParameter).check(z.maxLength(REPORT_PARAMETERS_MAX));

/** The values of a run, by parameter `id`. */
export const reportParameterValues = z.record(reportIdentifier, reportParameterValue);
export type ReportParameterValues = z.infer<typeof reportParameterValues>;

// ——— Columns and results ——————————————————————————————————————————————————————————

/** How a column's values are shown (money is in cents). */
export const REPORT_COLUMN_FORMATS = ['text', 'number', 'money', 'percent', 'day', 'instant', 'boolean'] as const;
export type ReportColumnFormat = (typeof REPORT_COLUMN_FORMATS)[number];

export const reportColumn = z.object({
  key: reportIdentifier,
  label: text(80, { trim: true }),
  format: z.enum(REPORT_COLUMN_FORMATS),
});
export type ReportColumn = z.infer<typeof reportColumn>;
export const reportColumns = z.array(reportColumn).check(z.maxLength(REPORT_COLUMNS_MAX));

/**
 * What a report, a data source or a pivot gives back when run: its columns and rows (each row an
 * object keyed by column key), `truncated` when the row cap was reached.
 */
export const reportResult = z.object({
  columns: z.array(reportColumn),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
});
export type ReportResult = z.infer<typeof reportResult>;

/** What a pivot or a question reads: a data source, or a procedure/function report by its function name. */
export const reportSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('datasource'), id }),
  z.object({ kind: z.literal('function'), name: reportIdentifier }),
]);
export type ReportSource = z.infer<typeof reportSource>;

// ——— Custom reports ————————————————————————————————————————————————————————————————

/** spec 000 §3 Custom report `type`: embed (a Metabase question), procedure or function (a PostgreSQL function in the `reports` schema). */
export const CUSTOM_REPORT_TYPES = ['embed', 'procedure', 'function'] as const;
export type CustomReportType = (typeof CUSTOM_REPORT_TYPES)[number];

/** `report_level`: one location, or every location of the network the user may see. */
export const REPORT_LEVELS = ['business', 'network'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

/** `report_layout`: how the viewer shows the result. */
export const REPORT_LAYOUTS = ['table', 'chart', 'table-and-chart'] as const;
export type ReportLayout = (typeof REPORT_LAYOUTS)[number];

/**
 * A custom report (spec 000 §3). `name` is the function in the `reports` schema (procedure and
 * function reports) or the embed's name; `params` its declared parameters; `columns` how its
 * result's columns are labelled and shown; `add_columns_before` columns shown before them (such
 * as the location's name on a network-level report); `generic` reports are offered to every
 * business; `legacy_id` is the id an older system knew it by (spec 000 §6); `deleted_at` follows
 * the deletion states of §4; `public` reports are in the gallery.
 */
export const customReport = z.object({
  id,
  business_id: id,
  title: z.string(),
  description: z.string(),
  category_name: z.nullable(z.string()),
  type: z.enum(CUSTOM_REPORT_TYPES),
  report_level: z.enum(REPORT_LEVELS),
  report_layout: z.enum(REPORT_LAYOUTS),
  add_columns_before: z.array(reportColumn),
  generic: z.boolean(),
  name: z.string(),
  params: z.array(reportParameter),
  settings: z.unknown(),
  columns: z.array(reportColumn),
  legacy_id: z.nullable(z.int()),
  created_by: z.nullable(id),
  /** Absent: permanently deleted; null: restored (or never deleted); a value: marked for deletion. */
  deleted_at: z.optional(z.nullable(instant)),
  metabase_id: z.nullable(z.int()),
  public: z.boolean(),
  updated_at: instant,
});
export type CustomReport = z.infer<typeof customReport>;

// ——— Pivot reports ——————————————————————————————————————————————————————————————————

export const PIVOT_AGGREGATES = ['sum', 'count', 'avg', 'min', 'max'] as const;
export type PivotAggregate = (typeof PIVOT_AGGREGATES)[number];
/** The most fields on the rows plus the columns of a pivot. */
export const PIVOT_GROUP_FIELDS_MAX = 6;
export const PIVOT_VALUES_MAX = 10;

/**
 * A pivot's `configuration`: what it reads (with the values of that source's parameters), the
 * fields on its rows and its columns, the values (a field and how it is aggregated), and whether
 * subtotals (per row group) and grand totals are shown.
 */
export const pivotConfiguration = z.object({
  source: reportSource,
  params: z._default(reportParameterValues, () => ({})),
  rows: z.array(reportIdentifier),
  columns: z.array(reportIdentifier),
  values: z.array(z.object({ field: reportIdentifier, aggregate: z.enum(PIVOT_AGGREGATES) })).check(z.minLength(1), z.maxLength(PIVOT_VALUES_MAX)),
  subtotals: z._default(z.boolean(), true),
  grandTotals: z._default(z.boolean(), true),
}).check(z.refine((c) => c.rows.length + c.columns.length <= PIVOT_GROUP_FIELDS_MAX, { error: `At most ${PIVOT_GROUP_FIELDS_MAX} fields on the rows and columns together` }));
export type PivotConfiguration = z.infer<typeof pivotConfiguration>;

/** A pivot report (spec 000 §3: id, configuration, title, description, type (new)). */
export const PIVOT_REPORT_TYPES = ['new'] as const;
export const pivotReport = z.object({
  id,
  business_id: id,
  title: z.string(),
  description: z.string(),
  type: z.enum(PIVOT_REPORT_TYPES),
  configuration: pivotConfiguration,
  category_name: z.nullable(z.string()),
  created_by: z.nullable(id),
  deleted_at: z.optional(z.nullable(instant)),
  public: z.boolean(),
  updated_at: instant,
});
export type PivotReport = z.infer<typeof pivotReport>;

// ——— Categories and deletion ———————————————————————————————————————————————————————

/** spec 000 §3 Report category config `type`: a category of procedure (custom) reports or of pivots. */
export const REPORT_CATEGORY_TYPES = ['proc', 'pivot'] as const;
export type ReportCategoryType = (typeof REPORT_CATEGORY_TYPES)[number];

export const reportCategory = z.object({
  id,
  category_name: z.string(),
  category_icon: z.nullable(z.string()),
  type: z.enum(REPORT_CATEGORY_TYPES),
});
export type ReportCategory = z.infer<typeof reportCategory>;

/** Which kind of report a deletion names. */
export const REPORT_KINDS = ['custom', 'pivot'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** spec 000 §3 Deletion metadata: the report, its kind and who deleted it. */
export const deletionMetadata = z.object({
  report_id: id,
  type: z.enum(REPORT_KINDS),
  deletedBy: z.object({ id, name: z.string(), email: z.string(), username: z.string() }),
});
export type DeletionMetadata = z.infer<typeof deletionMetadata>;

// ——— Data sources ———————————————————————————————————————————————————————————————————

/** The most characters of a data source's SELECT. */
export const DATA_SOURCE_SQL_MAX = 20_000;

/**
 * A data source (spec 000 §3: id, settings.parameters, updated_at, metabase_id): a named,
 * parameterised, read-only SELECT over the reporting views, written by admins, offered to every
 * business (`business_id` null) or one.
 */
export const dataSource = z.object({
  id,
  business_id: z.nullable(id),
  name: z.string(),
  description: z.string(),
  sql: z.string(),
  /** `columns`: how the result's columns are labelled and shown (optional: else as the SELECT names them). */
  settings: z.object({ parameters: z.array(reportParameter), columns: z.optional(z.array(reportColumn)) }),
  updated_at: instant,
  metabase_id: z.nullable(z.int()),
});
export type DataSource = z.infer<typeof dataSource>;

/** Bounds of a run: rows kept in a result shown on screen, and when a run goes to the job queue. */
export const REPORT_LIMITS = {
  /** A run that would return more rows than this goes to the job queue. */
  queueAboveRows: 50_000,
  /** A run still going after this many milliseconds goes to the job queue. */
  queueAfterMs: 5_000,
  /** The most rows a queued run keeps (its export streams them all). */
  rowCap: 1_000_000,
  /** A statement running longer than this is cancelled (queued runs). */
  statementTimeoutMs: 120_000,
} as const;

/** Title and description of a new report or data source, as a person types them. */
export const reportTitle = text(REPORT_TITLE_MAX, { min: 1, trim: true, tooShort: 'Enter a title' });
export const reportDescription = text(REPORT_DESCRIPTION_MAX, { trim: true });
export const reportCategoryName = text(REPORT_CATEGORY_NAME_MAX, { min: 1, trim: true, tooShort: 'Enter a category name' });
export const legacyId = boundedInt(1, 2_147_483_647);
