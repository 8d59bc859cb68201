import { randomInt } from 'node:crypto';
import {
  ablyKeyName,
  bookingTarget,
  endpoints,
  MESSAGES,
  normalizeDomains,
  normalizeWebsite,
  providerDashboardUrl,
  SHORT_LINK_KIND,
  type ShortLinkKind,
  shortCode,
  shortLinkTargetProblem,
} from '@salondesk/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import { services } from '../catalogue/schema';
import { staff } from '../staff/schema';
import { HttpError, invalidRequest } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { encryptSecret } from '../secrets';
import { rosterDisplayNames } from '../staff/queries';
import { rows, type Executor } from '../db/executor';
import { allowedDomains, replaceDomains } from './domains';
import { ablyStatusOf, loadEpaySettings, loadShortLinks } from './queries';
import { epaySettingsTable } from './schema';

/**
 * Epay (spec 001 §7 Epay): the settings, the Ably key (encrypted with `encryptSecret`, never
 * returned), the domain allow-list, short links and the link into the provider's dashboard.
 * Short links are served by `shortLinkRoute.ts` at `GET /s/{code}`.
 */

export interface EpayOptions {
  /** Where the API is reached: short links are `{publicUrl}/s/{code}`, booking pages `{publicUrl}/book/{webcode}`. */
  publicUrl: string;
  /** A live Stripe key is configured (`sk_live_…`): dashboard links leave out `/test`. */
  stripeLive?: boolean;
}


/** The booking code of a location: its `webcode`, else its `code`, else its id. */
const webcodeOf = (business: BusinessRow): string => {
  const info = business.info as { webcode?: unknown; code?: unknown };
  for (const value of [info.webcode, info.code]) if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return String(business.id);
};

interface NewLink {
  target: string;
  kind: ShortLinkKind;
  serviceId?: number;
  staffId?: number;
  source?: string | null;
}

/**
 * The short link of a target: the business's existing one for it, or a new one with a random
 * code (a code already taken by any business is drawn again).
 */
async function shortLinkId(db: Executor, businessId: number, userId: number | null, link: NewLink): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = shortCode((n) => randomInt(n));
    const [inserted] = await rows<{ id: number }>(
      db,
      sql`insert into short_links (business_id, code, target, kind, service_id, staff_id, source, created_by)
          values (${businessId}, ${code}, ${link.target}, ${link.kind}, ${link.serviceId ?? null}, ${link.staffId ?? null}, ${link.source ?? null}, ${userId})
          on conflict do nothing returning id`,
    );
    if (inserted) return inserted.id;
    const [existing] = await rows<{ id: number }>(db, sql`select id from short_links where business_id = ${businessId} and target = ${link.target}`);
    if (existing) return existing.id;
  }
  throw new Error('No free short code after 5 draws');
}

export function epayHandlers(options: EpayOptions) {
  const e = endpoints.epay;
  const shortBase = options.publicUrl.replace(/\/+$/, '');
  const bookingBase = `${shortBase}/book`;

  const answerLink = async (ctx: HandlerContext, businessId: number, id: number) => {
    const [link] = await loadShortLinks(ctx.db, businessId, shortBase, await rosterDisplayNames(ctx.db, businessId), { id });
    if (!link) throw new Error(`Short link ${id} vanished`);
    return link;
  };

  return [
    implement(e.settings, async (_request, ctx) => loadEpaySettings(ctx.db, businessOf(ctx).id)),

    implement(e.update, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const websites = [...new Set(body.websites.map(normalizeWebsite))];
      const values = {
        recurring_enabled: body['epay.recurring.enabled'],
        weborder_enabled: body['epay.weborder.enabled'],
        provider: body['epay.weborder.provider'],
        websites,
        updated_at: ctx.now(),
        updated_by: ctx.auth?.user.id ?? null,
      };
      await ctx.db
        .insert(epaySettingsTable)
        .values({ business_id: business.id, ...values })
        .onConflictDoUpdate({ target: epaySettingsTable.business_id, set: values });
      return loadEpaySettings(ctx.db, business.id);
    }),

    implement(e.ably, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const values =
        body.key === null
          ? { ably_key_encrypted: null, ably_key_name: null, ably_updated_at: now }
          : { ably_key_encrypted: encryptSecret(body.key), ably_key_name: ablyKeyName(body.key), ably_updated_at: now };
      await ctx.db
        .insert(epaySettingsTable)
        .values({ business_id: business.id, ...values })
        .onConflictDoUpdate({ target: epaySettingsTable.business_id, set: values });
      return ablyStatusOf({ has_ably: values.ably_key_encrypted !== null, ably_key_name: values.ably_key_name, ably_updated_at: now });
    }),

    implement(e.bookingLink, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const [service] = await ctx.db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, query.tid), eq(services.business_id, business.id), isNull(services.deleted_at)));
      if (!service) throw new HttpError(404, MESSAGES.bookingServiceNotFound, { issues: [{ path: ['tid'], message: MESSAGES.bookingServiceNotFound }] });
      const [member] = await ctx.db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, query.rid), eq(staff.business_id, business.id), isNull(staff.deleted_at)));
      if (!member) throw new HttpError(404, MESSAGES.bookingStaffNotFound, { issues: [{ path: ['rid'], message: MESSAGES.bookingStaffNotFound }] });
      const target = bookingTarget(bookingBase, webcodeOf(business), query);
      const id = await shortLinkId(ctx.db, business.id, ctx.auth?.user.id ?? null, {
        target,
        kind: SHORT_LINK_KIND.BOOKING,
        serviceId: query.tid,
        staffId: query.rid,
        source: query.gzsrc ?? null,
      });
      return answerLink(ctx, business.id, id);
    }),

    implement(e.shorten, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const problem = shortLinkTargetProblem(query.url, await allowedDomains(ctx.db, business.id));
      if (problem) throw new HttpError(422, problem, { issues: [{ path: ['url'], message: problem }] });
      const id = await shortLinkId(ctx.db, business.id, ctx.auth?.user.id ?? null, { target: normalizeWebsite(query.url), kind: SHORT_LINK_KIND.LINK });
      return answerLink(ctx, business.id, id);
    }),

    implement(e.shortLinks, async (_request, ctx) => {
      const business = businessOf(ctx);
      return { links: await loadShortLinks(ctx.db, business.id, shortBase, await rosterDisplayNames(ctx.db, business.id)) };
    }),

    implement(e.providerDashboard, async (_request, ctx) => {
      const settings = await loadEpaySettings(ctx.db, businessOf(ctx).id);
      const provider = settings['epay.weborder.provider'];
      if (!provider) throw new HttpError(409, MESSAGES.noWebPaymentProvider);
      const url = providerDashboardUrl(provider, settings.account, { testMode: !options.stripeLive });
      if (!url || !settings.account) throw new HttpError(409, MESSAGES.noProviderAccount);
      return { provider, account: settings.account, url };
    }),

    implement(e.domains, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      // The body's schema already refused a wrong entry; this gives the normalised list.
      const result = normalizeDomains(body.domains);
      if (!result.ok) throw invalidRequest(result.problems.map((p) => ({ path: ['domains', p.index], message: p.problem })));
      await ctx.db.transaction(async (tx) => {
        // One save of a business's list at a time (an advisory lock: a row lock on the business would hold up every insert that references it).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('epay:domains'), ${business.id})`);
        await replaceDomains(tx, business.id, result.domains);
      });
      return { domains: await allowedDomains(ctx.db, business.id) };
    }),
  ];
}
