import {
  type CustomReport,
  customReportScope,
  endpoints,
  MESSAGES,
  type QuestionVisualization,
  type ReportParameterValues,
  type ReportSource,
  mergedParameterValues,
  visualizationProblems,
} from '@salondesk/core';
import { HttpError, invalidRequest, pleaseLogIn } from '../../http/errors';
import { type HandlerContext, implement } from '../../http/registry';
import { customReportFor } from '../catalogue/queries';
import type { ReportRunContext } from '../engine/runner';
import { type CardFields, deleteCard, findCard, insertCard, listCards, updateCard } from './cards';
import type { MetabaseEmbedder } from './metabase';
import { questionColumns, runQuestion } from './run';
import { LOCKED_BUSINESS_PARAM } from './standin';


function scope(ctx: HandlerContext): { businessId: number; userId: number; auth: NonNullable<HandlerContext['auth']>; run: ReportRunContext } {
  if (!ctx.auth) throw pleaseLogIn();
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  return { businessId: ctx.business.id, userId: ctx.auth.user.id, auth: ctx.auth, run: { db: ctx.db, business: ctx.business, auth: ctx.auth, now: ctx.now } };
}

/**
 * The values an embed report locks besides the business: its parameters with a fixed (`static`)
 * value of one scalar. The viewer cannot change them; Metabase's question must declare each as a
 * locked parameter of that name.
 */
export function fixedEmbedParams(report: Pick<CustomReport, 'params'>): ReportParameterValues {
  const fixed: ReportParameterValues = {};
  for (const p of report.params) {
    const value = p.config.value;
    if (p.config.valueType === 'static' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) fixed[p.id] = value;
  }
  return fixed;
}

/**
 * The questions service (cards, card and ad-hoc queries) and the signed address of an embed report.
 * A card is checked against what its source gives before it is saved: every column its
 * visualisation names must be there (and numeric where it is added up).
 */
export function questionHandlers({ embedder }: { embedder: MetabaseEmbedder }) {
  const e = endpoints.questions;

  /** Refuses a visualisation that does not fit its source's columns, naming the field. */
  async function checkFits(ctx: HandlerContext, source: ReportSource, params: ReportParameterValues, visualization: QuestionVisualization): Promise<void> {
    const columns = await questionColumns(scope(ctx).run, source, params);
    const problems = visualizationProblems(visualization, columns);
    if (problems.length > 0) throw invalidRequest(problems.map((p) => ({ path: ['visualization', ...p.path], message: p.message })));
  }

  return [
    implement(e.list, async (_request, ctx) => listCards(ctx.db, scope(ctx).businessId)),

    implement(e.get, async ({ params }, ctx) => findCard(ctx.db, scope(ctx).businessId, params.questionId)),

    implement(e.add, async ({ body }, ctx) => {
      const { businessId, userId } = scope(ctx);
      await checkFits(ctx, body.source, body.params, body.visualization);
      return insertCard(ctx.db, businessId, userId, body);
    }),

    implement(e.update, async ({ params, body }, ctx) => {
      const { businessId } = scope(ctx);
      const current = await findCard(ctx.db, businessId, params.questionId);
      const next: CardFields = {
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        source: body.source ?? current.source,
        params: body.params ?? current.params,
        visualization: body.visualization ?? current.visualization,
        metabase_id: body.metabase_id === undefined ? current.metabase_id : body.metabase_id,
      };
      if (body.source || body.params || body.visualization) await checkFits(ctx, next.source, next.params, next.visualization);
      return updateCard(ctx.db, businessId, params.questionId, next);
    }),

    implement(e.remove, async ({ params }, ctx) => deleteCard(ctx.db, scope(ctx).businessId, params.questionId)),

    implement(e.query, async ({ params, body }, ctx) => {
      const card = await findCard(ctx.db, scope(ctx).businessId, params.questionId);
      return runQuestion(scope(ctx).run, card.source, mergedParameterValues(card.params, body.params));
    }),

    implement(e.adHoc, async ({ body }, ctx) => {
      return runQuestion(scope(ctx).run, body.source, body.params);
    }),

    implement(e.embed, async ({ params }, ctx) => {
      const { businessId, auth } = scope(ctx);
      // The catalogue's read: a report of this business or a generic one, that the user may see (spec 000 §6), not deleted; else 404.
      const report = await customReportFor(ctx.db, businessId, params.reportId, customReportScope(auth.user));
      if (report.type !== 'embed' || report.metabase_id === null) throw new HttpError(404, MESSAGES.embedReportNotFound);
      // The business last, so no parameter of the report can name another one.
      const locked = { ...fixedEmbedParams(report), [LOCKED_BUSINESS_PARAM]: businessId };
      const { url, expiresAt } = await embedder.signQuestion(report.metabase_id, locked);
      return { url, expires_at: expiresAt.toISOString(), provider: embedder.provider, title: report.title };
    }),
  ];
}
