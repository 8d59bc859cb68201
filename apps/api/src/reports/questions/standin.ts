import {
  currencySymbolOf,
  formatReportValue,
  mergedParameterValues,
  type QuestionCard,
  type QuestionResult,
  reportParameterValues,
  type ReportParameterValues,
  type ReportSource,
  tableColumns,
} from '@salondesk/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { safeParse } from 'zod/mini';
import { type BusinessRow, findBusiness } from '../../businesses/queries';
import type { Database } from '../../db/client';
import { findCardByMetabaseId } from './cards';
import { EmbedTokenError, METABASE_STANDIN_PATH, type MetabaseEmbedder } from './metabase';

/**
 * The local stand-in of Metabase's embed wire format, served by the API when no Metabase is
 * configured (`METABASE_URL`), so an embed report works on a newcomer's machine, in the tests and
 * in the demo through the same adapter as in production:
 * - `GET /metabase-standin/embed/question/{token}` — the page an embed report's iframe opens;
 * - `GET /metabase-standin/api/embed/card/{token}` and `…/query` — Metabase's JSON for it.
 *
 * Like Metabase it trusts nothing but the token: it checks it (`verifyEmbedToken`), then shows the
 * card of the business the token locks (`params.business_id`, required) that stands for the
 * question (`resource.question` = the card's `metabase_id`), run through the questions service with
 * the token's locked parameters, which the address cannot change. No session is looked at.
 */

/** The parameter every embed token must lock: the business whose rows the question shows. */
export const LOCKED_BUSINESS_PARAM = 'business_id';

export type RunAsBusiness = (business: BusinessRow, source: ReportSource, values: ReportParameterValues) => Promise<QuestionResult>;

/** A refusal in Metabase's words, with its status. */
class StandinError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One value of a token's params: Metabase takes a bare value or an array of values; one value is what a report parameter holds. */
function singleValue(key: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 1) return value[0];
  throw new StandinError(400, `Only one value is allowed for :${key}.`);
}

interface Shown {
  card: QuestionCard;
  business: BusinessRow;
  result: QuestionResult;
}

export function registerMetabaseStandin(app: FastifyInstance, options: { db: Database; embedder: MetabaseEmbedder; run: RunAsBusiness }): void {
  const { db, embedder, run } = options;

  async function show(token: string, query: Record<string, unknown>): Promise<Shown> {
    let claims: Awaited<ReturnType<MetabaseEmbedder['verify']>>;
    try {
      claims = await embedder.verify(token);
    } catch (error) {
      if (error instanceof EmbedTokenError) throw new StandinError(400, error.message);
      throw error;
    }
    const locked: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(claims.params)) locked[key] = singleValue(key, value);
    const businessId = locked[LOCKED_BUSINESS_PARAM];
    if (businessId === undefined || businessId === null) throw new StandinError(400, `You must specify a value for :${LOCKED_BUSINESS_PARAM} in the JWT.`);
    if (typeof businessId !== 'number' || !Number.isInteger(businessId) || businessId < 1 || businessId > 2_147_483_647) throw new StandinError(404, 'Not found.');
    const business = await findBusiness(db, businessId);
    if (!business) throw new StandinError(404, 'Not found.');
    const card = await findCardByMetabaseId(db, business.id, claims.question);
    if (!card) throw new StandinError(404, 'Not found.');

    const { [LOCKED_BUSINESS_PARAM]: _business, ...lockedValues } = locked;
    const editable: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      if (key in locked) throw new StandinError(400, `You can't specify a value for :${key} if it's already set in the JWT.`);
      editable[key] = singleValue(key, value);
    }
    const checked = safeParse(reportParameterValues, { ...editable, ...lockedValues });
    if (!checked.success) throw new StandinError(400, `Invalid parameter values: ${checked.error.issues.map((i) => `:${i.path.join('.')} ${i.message}`).join('; ')}`);
    const result = await run(business, card.source, mergedParameterValues(card.params, checked.data));
    return { card, business, result };
  }

  /** Runs `show` and answers its refusals as Metabase does: the status with the message. */
  const answer = async (reply: FastifyReply, token: string, query: unknown, respond: (shown: Shown) => unknown, refuse: (status: number, message: string) => unknown) => {
    try {
      return respond(await show(token, (query ?? {}) as Record<string, unknown>));
    } catch (error) {
      if (error instanceof StandinError) {
        reply.code(error.status);
        return refuse(error.status, error.message);
      }
      // The questions service's own refusals (a parameter it rejects, a source gone).
      const status = (error as { status?: number }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        reply.code(status);
        return refuse(status, (error as Error).message);
      }
      throw error;
    }
  };

  const tokenParam = { type: 'object', properties: { token: { type: 'string' } } } as const;

  app.get<{ Params: { token: string }; Querystring: Record<string, unknown> }>(`${METABASE_STANDIN_PATH}/embed/question/:token`, { schema: { params: tokenParam } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return answer(
      reply,
      request.params.token,
      request.query,
      (shown) => questionPage(shown),
      (_status, message) => errorPage(message),
    );
  });

  app.get<{ Params: { token: string } }>(`${METABASE_STANDIN_PATH}/api/embed/card/:token`, { schema: { params: tokenParam } }, async (request, reply) =>
    answer(
      reply,
      request.params.token,
      {},
      ({ card }) => ({ id: card.metabase_id, name: card.name, description: card.description, display: card.visualization.display }),
      (_status, message) => reply.type('text/plain; charset=utf-8').send(message),
    ),
  );

  app.get<{ Params: { token: string }; Querystring: Record<string, unknown> }>(`${METABASE_STANDIN_PATH}/api/embed/card/:token/query`, { schema: { params: tokenParam } }, async (request, reply) =>
    answer(
      reply,
      request.params.token,
      request.query,
      ({ result }) => ({
        status: 'completed',
        row_count: result.rows.length,
        data: {
          cols: result.columns.map((c) => ({ name: c.key, display_name: c.label, base_type: BASE_TYPE[c.format] })),
          rows: result.rows.map((row) => result.columns.map((c) => row[c.key] ?? null)),
          rows_truncated: result.truncated,
        },
      }),
      (_status, message) => reply.type('text/plain; charset=utf-8').send(message),
    ),
  );
}

/** Metabase's base types of the columns, by Salondesk's column format. */
const BASE_TYPE = {
  text: 'type/Text',
  number: 'type/Number',
  money: 'type/Integer',
  percent: 'type/Float',
  day: 'type/Date',
  instant: 'type/DateTimeWithTZ',
  boolean: 'type/Boolean',
} as const;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { margin: 0; font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; background: #fff; }
  main { margin: 8px; border: 1px solid #e2e8f0; border-radius: 8px; padding: 16px; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  p { margin: 0 0 12px; color: #475569; font-size: 14px; }
  table { border-collapse: collapse; width: 100%; font-size: 14px; }
  th, td { padding: 6px 10px; border-bottom: 1px solid #e2e8f0; text-align: left; }
  th { background: #f8fafc; font-weight: 600; color: #334155; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; }
  footer { margin-top: 12px; font-size: 12px; color: #64748b; }
  .error { color: #b91c1c; }
`;

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="generator" content="Metabase"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>\n<body>${body}</body>\n</html>\n`;

const NUMERIC = new Set(['number', 'money', 'percent']);

/** The question as Metabase shows an embedded table: its title, description, rows, and a note when there were more. */
function questionPage({ card, business, result }: Shown): string {
  const display = { symbol: currencySymbolOf((business.info ?? {}) as Parameters<typeof currencySymbolOf>[0]), timezone: business.timezone };
  const columns = tableColumns(result.columns, card.visualization.display === 'table' ? card.visualization : { display: 'table' });
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c.label)}</th>`).join('');
  const body =
    result.rows.length === 0
      ? `<tr><td colspan="${Math.max(1, columns.length)}">No results</td></tr>`
      : result.rows
          .map((row) => `<tr>${columns.map((c) => `<td${NUMERIC.has(c.format) ? ' class="number"' : ''}>${escapeHtml(formatReportValue(row[c.key], c.format, display))}</td>`).join('')}</tr>`)
          .join('\n');
  const count = `Showing ${result.rows.length.toLocaleString('en-US')} ${result.rows.length === 1 ? 'row' : 'rows'}${result.truncated ? ' (the first ones only)' : ''}`;
  return page(
    card.name,
    `<main data-question="${card.metabase_id ?? ''}"><h1>${escapeHtml(card.name)}</h1>${card.description ? `<p>${escapeHtml(card.description)}</p>` : ''}<table aria-label="${escapeHtml(card.name)}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table><footer>${count} · ${escapeHtml(business.name)} · Salondesk's stand-in for Metabase</footer></main>`,
  );
}

function errorPage(message: string): string {
  return page('Embedding error', `<main><h1>Embedding error</h1><p class="error" role="alert">${escapeHtml(message)}</p></main>`);
}
