import { authOf, businessOf, type HandlerContext } from '../../http/registry';
import type { ReportRunContext } from './runner';

/** The run context of a request: its business, its user (for a network-level scope), its clock. */
export const runContextOf = (ctx: HandlerContext): ReportRunContext & { userId: number | null } => ({
  db: ctx.db,
  business: businessOf(ctx),
  auth: authOf(ctx),
  now: ctx.now,
  userId: authOf(ctx).user.id,
});
