import { type BusinessInfo, currencySymbolOf, type ExportContext } from '@salondesk/core';
import type { BusinessRow } from '../businesses/queries';
import type { HandlerContext } from '../http/registry';
import { todayIn } from './implementExport';

/**
 * Who and what an exported file is about (`ExportPlan`'s `business`, `start`, `end` and
 * `context`): every area's exports name their file with these.
 */

/** A business's currency and time zone, as its exports read values. */
export function contextOf(business: Pick<BusinessRow, 'info' | 'timezone'>): ExportContext {
  const info = business.info as BusinessInfo;
  return { currency: info.currency ?? 'USD', currencySymbol: currencySymbolOf(info), timeZone: business.timezone };
}

/** Platform-wide lists: no currency; times in UTC. */
const PLATFORM: ExportContext = { currency: null, currencySymbol: null, timeZone: 'UTC' };

/** The file of a business over a range: named after both, read in the business's currency and time zone. */
export const overRange = (business: BusinessRow, range: { start: string; end: string }) => ({ business: business.name, start: range.start, end: range.end, context: contextOf(business) });
/** The file of a business's list that has no range: named after today in its time zone. */
export const asOfToday = (ctx: HandlerContext, business: BusinessRow) => overRange(business, { start: todayIn(ctx, business.timezone), end: todayIn(ctx, business.timezone) });
/** The file of a platform-wide list: named after today (UTC). */
export const platformList = (ctx: HandlerContext) => ({ business: null, start: todayIn(ctx, 'UTC'), end: todayIn(ctx, 'UTC'), context: PLATFORM });
