import { z } from 'zod/mini';
import { id, instant } from './ids';
import { boundedInt, changes } from './input';
import { reportDescription, reportIdentifier, reportParameterValues, reportResult, reportSource, reportTitle } from './reports';

/**
 * The questions service (spec 000 §7 Reports: "Calls to a dashboards-and-questions service: card
 * and query calls"; §3 Custom report and Data source `metabase_id`). A *card* is a saved question:
 * what it reads (a data source or a report function, `reportSource`), the values of that source's
 * parameters, and how it is shown. A *query* runs it. A card with a `metabase_id` stands for that
 * Metabase question: embed reports naming the id show it.
 */

/** How a card shows its result (Metabase's `display`). */
export const QUESTION_DISPLAYS = ['table', 'bar', 'line', 'pie', 'number'] as const;
export type QuestionDisplay = (typeof QUESTION_DISPLAYS)[number];
export const QUESTION_DISPLAY_LABEL: Record<QuestionDisplay, string> = {
  table: 'Table',
  bar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
  number: 'Number',
};

/** The most values a bar or line chart plots side by side (the chart has two value axes at most). */
export const QUESTION_METRICS_MAX = 4;
/** The most rows a card's query brings to the screen (Metabase shows 2,000 too); `truncated` says when there were more. */
export const QUESTION_ROWS_MAX = 2_000;
/** The highest Metabase question id a card may stand for. */
export const METABASE_ID_MAX = 2_147_483_647;

/**
 * What a card plots, by column key of its source's result:
 * `table` — the columns shown, in order (all when absent);
 * `bar`, `line` — one value per `dimension` (the horizontal axis), one series per `metrics` column;
 * `pie` — a slice per `dimension`, sized by `metric`;
 * `number` — one figure, the sum of `field` over the rows.
 */
export const questionVisualization = z.discriminatedUnion('display', [
  z.object({ display: z.literal('table'), columns: z.optional(z.array(reportIdentifier).check(z.maxLength(52))) }),
  z.object({ display: z.literal('bar'), dimension: reportIdentifier, metrics: z.array(reportIdentifier).check(z.minLength(1, { error: 'Choose a value to plot' }), z.maxLength(QUESTION_METRICS_MAX)) }),
  z.object({ display: z.literal('line'), dimension: reportIdentifier, metrics: z.array(reportIdentifier).check(z.minLength(1, { error: 'Choose a value to plot' }), z.maxLength(QUESTION_METRICS_MAX)) }),
  z.object({ display: z.literal('pie'), dimension: reportIdentifier, metric: reportIdentifier }),
  z.object({ display: z.literal('number'), field: reportIdentifier }),
]);
export type QuestionVisualization = z.infer<typeof questionVisualization>;

/** A Metabase question id a card stands for. */
export const metabaseId = boundedInt(1, METABASE_ID_MAX);

/** A saved question (card) of a business. */
export const questionCard = z.object({
  id,
  business_id: id,
  name: z.string(),
  description: z.string(),
  source: reportSource,
  params: reportParameterValues,
  visualization: questionVisualization,
  metabase_id: z.nullable(z.int()),
  created_by: z.nullable(id),
  updated_at: instant,
});
export type QuestionCard = z.infer<typeof questionCard>;

/** A new card, as the card editor sends it. */
export const newQuestionCard = z.object({
  name: reportTitle,
  description: z._default(reportDescription, ''),
  source: reportSource,
  params: z._default(reportParameterValues, () => ({})),
  visualization: questionVisualization,
  metabase_id: z._default(z.nullable(metabaseId), null),
});
export type NewQuestionCard = z.input<typeof newQuestionCard>;

/** A change to a card: only what it names. */
export const questionCardChanges = changes({
  name: reportTitle,
  description: reportDescription,
  source: reportSource,
  params: reportParameterValues,
  visualization: questionVisualization,
  metabase_id: z.nullable(metabaseId),
});
export type QuestionCardChanges = z.input<typeof questionCardChanges>;

/** A card's query: the card's own parameter values, overridden by these. */
export const questionQuery = z.object({ params: z._default(reportParameterValues, () => ({})) });

/** An ad-hoc query (the card editor's preview): a source with its parameter values. */
export const adHocQuery = z.object({ source: reportSource, params: z._default(reportParameterValues, () => ({})) });
export type AdHocQuery = z.input<typeof adHocQuery>;

/** What a query gives back: the source's columns and at most `QUESTION_ROWS_MAX` rows. */
export const questionResult = reportResult;
export type QuestionResult = z.infer<typeof questionResult>;

/**
 * A signed address that opens an embed report (a Metabase question, or the local stand-in of
 * Metabase's embed pages), valid until `expires_at` (at most 10 minutes). The viewer asks for a new
 * one before then.
 */
export const embedAddress = z.object({
  url: z.string(),
  expires_at: instant,
  /** Where the address points: a configured Metabase, or the stand-in served by the API itself. */
  provider: z.enum(['metabase', 'standin']),
  title: z.string(),
});
export type EmbedAddress = z.infer<typeof embedAddress>;
