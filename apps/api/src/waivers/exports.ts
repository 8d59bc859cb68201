import { endpoints } from '@salondesk/core';
import { eq, sql } from 'drizzle-orm';
import { categories, services } from '../catalogue/schema';
import { asOfToday, overRange } from '../export/context';
import { implementExport, keysetPages, once } from '../export/implementExport';
import { namesById } from '../export/namesById';
import { businessOf } from '../http/registry';
import { checkedSignaturesFilter, checkRange } from './handlers';
import { type DueCursor, duePage, dueWindow, signaturesAfter, signaturesWhere, waiversOf } from './queries';

/** Rows a page of an export reads at a time. */
const BATCH = 1_000;

/**
 * The waiver screens' exports (core's `waiverExports`), each read by the screen's own query: the
 * waivers (`waiversOf`), the signatures of a range (`signaturesWhere` with `waiver/get-info`'s
 * filter, a page at a time), and who must still sign before an appointment (`duePage`, the
 * report's, every page).
 */
export function waiverExportHandlers() {
  const x = endpoints.waiverExports;
  return [
    implementExport(x.waivers, async (_request, ctx) => {
      const business = businessOf(ctx);
      return {
        ...asOfToday(ctx, business),
        rows: once(async () => {
          const list = await waiversOf(ctx.db, business.id);
          // Deleted services and categories too: a waiver may still name them.
          const serviceNames = await namesById(ctx.db, services, services.name, list.flatMap((w) => w.services), eq(services.business_id, business.id));
          const categoryNames = await namesById(ctx.db, categories, categories.name, list.flatMap((w) => w.categories), eq(categories.business_id, business.id));
          const named = (ids: readonly number[], names: Map<number, string>) => ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
          return list.map((w) => ({
            name: w.name,
            version: w.version,
            published_at: w.published_at,
            services: named(w.services, serviceNames),
            categories: named(w.categories, categoryNames),
            signatures: w.signatures,
          }));
        }),
      };
    }),

    implementExport(x.signatures, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const where = await checkedSignaturesFilter(ctx, business, query);
      return {
        ...overRange(business, query),
        rows: keysetPages(async (lastId: number | null) => {
          const page = await signaturesWhere(ctx.db, business.id, lastId === null ? where : sql`${where} and ${signaturesAfter(lastId)}`, { limit: BATCH, offset: 0 });
          return {
            rows: page.map((s) => ({
              id: s.id,
              client: s.customer_name || s.signed_name,
              waiver: s.waiver_name,
              version: s.version,
              current_version: s.current_version,
              signed_at: s.signed_at,
              signed_name: s.signed_name,
              sha256: s.sha256,
            })),
            cursor: page.length === BATCH ? (page.at(-1)?.id ?? null) : null,
          };
        }),
      };
    }),

    implementExport(x.due, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query);
      const window = dueWindow(business, query, ctx.now());
      return {
        ...overRange(business, query),
        rows: (async function* () {
          if (!window) return;
          let after: DueCursor | null = null;
          do {
            const page: Awaited<ReturnType<typeof duePage>> = await duePage(ctx.db, business, window, { limit: BATCH, after });
            // A page of appointments whose clients all signed holds no row; the next may.
            if (page.rows.length > 0) {
              yield page.rows.map((d) => ({
                client: d.customer_name,
                appointment: d.starts_at,
                day: d.day,
                service: d.service_name,
                waiver: d.waiver_name,
                signed_version: d.signed_version,
                version: d.version,
              }));
            }
            after = page.next;
          } while (after !== null);
        })(),
      };
    }),
  ];
}
