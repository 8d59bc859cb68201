import { CARD_ENTRY, dayInZone, endpoints, MEMBERSHIP_ACTION_EVENT, MEMBERSHIP_STATUS_LABEL, membershipActionProblem, MESSAGES, type CardKind, type MembershipAction } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { contextOf } from '../export/context';
import { implementExport, todayIn } from '../export/implementExport';
import { HttpError, pleaseLogIn } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { networkLocations } from '../businesses/queries';
import { writeCardEntry } from './ledger';
import { clubMemberships, findCard, loadCardDetail, loadMembership, searchCards, searchMemberships } from './queries';
import type { Executor } from '../db/executor';

/**
 * Prepaid cards and memberships: the search box, a card with its ledger, the card actions (load,
 * adjust, void: each one ledger entry, checked by core's rules under a lock on the card), the
 * membership plans, the membership search and its export, a membership's history and its actions
 * (pause until a day, resume, cancel: each one event). Everything reads the locations of the
 * business's network the user may see.
 */


async function scope(ctx: HandlerContext) {
  const business = businessOf(ctx);
  if (!ctx.auth) throw pleaseLogIn();
  const locations = (await networkLocations(ctx.db, ctx.auth, business)).map((l) => l.id);
  return { business, locations, today: dayInZone(ctx.now(), business.timezone) };
}

const cardNotFound = () => new HttpError(404, MESSAGES.prepaidCardNotFound);
const membershipNotFound = () => new HttpError(404, MESSAGES.membershipNotFound);

export function prepaidHandlers() {
  const e = endpoints.prepaid;
  const x = endpoints.prepaidExports;

  /** One card action: the card locked, one entry written by the rules, the card answered as it is after it. */
  const cardAction = (params: { card: CardKind; cardNumber: string }, ctx: HandlerContext, entry: (tx: Executor, cardId: number, meta: Parameters<typeof writeCardEntry>[3]) => Promise<unknown>) =>
    ctx.db.transaction(async (tx) => {
      const { business, locations, today } = await scope(ctx);
      const card = await findCard(tx, locations, params.card, params.cardNumber, { forUpdate: true });
      if (!card) throw cardNotFound();
      await entry(tx, card.id, { businessId: business.id, timeZone: business.timezone, at: ctx.now(), userId: ctx.auth?.user.id ?? null });
      return (await loadCardDetail(tx, card.id, today)) ?? Promise.reject(cardNotFound());
    });

  /** One membership action: checked against the status its latest event gives, then written as an event. */
  const membershipAction = (action: MembershipAction, membershipId: number, ctx: HandlerContext, body: { note: string; until?: string }) =>
    ctx.db.transaction(async (tx) => {
      const { business, locations, today } = await scope(ctx);
      const before = await loadMembership(tx, locations, membershipId, { forUpdate: true });
      if (!before) throw membershipNotFound();
      const problem = membershipActionProblem(action, before.status, today, body.until);
      if (problem) throw new HttpError(409, problem, { issues: [{ path: action === 'pause' ? ['body', 'until'] : ['params', 'membershipId'], message: `${problem} (${MEMBERSHIP_STATUS_LABEL[before.status]})` }] });
      const now = ctx.now();
      await tx.execute(sql`insert into membership_events (membership_id, business_id, kind, day, at, until, note, user_id)
        values (${membershipId}, ${business.id}, ${MEMBERSHIP_ACTION_EVENT[action]}, ${today}, ${now.toISOString()}, ${body.until ?? null}, ${body.note || null}, ${ctx.auth?.user.id ?? null})`);
      if (action === 'resume') {
        // The paused days are added to the term; billing starts again from today at the earliest.
        const paused = before.history.filter((h) => h.kind === 'PAUSED').at(-1);
        const pausedDays = paused ? Math.max(0, Math.round((Date.parse(today) - Date.parse(paused.day)) / 86_400_000)) : 0;
        await tx.execute(sql`update memberships set expires_on = expires_on + ${pausedDays}::int, next_bill_on = greatest(coalesce(next_bill_on, ${today}::date) + ${pausedDays}::int, ${today}::date) where id = ${membershipId}`);
      }
      if (action === 'cancel') await tx.execute(sql`update memberships set auto_renew = false where id = ${membershipId}`);
      return (await loadMembership(tx, locations, membershipId)) ?? Promise.reject(membershipNotFound());
    });

  return [
    implement(e.card, async ({ params }, ctx) => {
      const { locations, today } = await scope(ctx);
      const card = await findCard(ctx.db, locations, params.card, params.cardNumber);
      if (!card) throw cardNotFound();
      return (await loadCardDetail(ctx.db, card.id, today)) ?? Promise.reject(cardNotFound());
    }),

    implement(e.search, async ({ query }, ctx) => {
      const { locations, today } = await scope(ctx);
      return { q: query.q, ...(await searchCards(ctx.db, locations, query.q, query.limit, today)) };
    }),

    implement(e.load, async ({ params, body }, ctx) =>
      cardAction(params, ctx, (tx, id, meta) => writeCardEntry(tx, id, { kind: CARD_ENTRY.LOAD, amount: body.amount }, { ...meta, note: body.note })),
    ),
    implement(e.adjust, async ({ params, body }, ctx) =>
      cardAction(params, ctx, (tx, id, meta) => writeCardEntry(tx, id, { kind: CARD_ENTRY.ADJUST, amount: body.amount }, { ...meta, reason: body.reason, note: body.note })),
    ),
    implement(e.void, async ({ params, body }, ctx) =>
      cardAction(params, ctx, (tx, id, meta) => writeCardEntry(tx, id, { kind: CARD_ENTRY.VOID, amount: 0 }, { ...meta, note: body.note })),
    ),

    implement(e.clubMemberships, async (_request, ctx) => {
      const { locations } = await scope(ctx);
      return clubMemberships(ctx.db, locations);
    }),

    implement(e.membershipSearch, async ({ query }, ctx) => {
      const { locations, today } = await scope(ctx);
      return searchMemberships(ctx.db, locations, query, today, query.limit);
    }),

    implement(e.membership, async ({ params }, ctx) => {
      const { locations } = await scope(ctx);
      return (await loadMembership(ctx.db, locations, params.membershipId)) ?? Promise.reject(membershipNotFound());
    }),
    implement(e.pause, async ({ params, body }, ctx) => membershipAction('pause', params.membershipId, ctx, body)),
    implement(e.resume, async ({ params, body }, ctx) => membershipAction('resume', params.membershipId, ctx, body)),
    implement(e.cancel, async ({ params, body }, ctx) => membershipAction('cancel', params.membershipId, ctx, body)),

    implementExport(x.memberships, async ({ query }, ctx) => {
      const { business, locations, today } = await scope(ctx);
      const { memberships } = await searchMemberships(ctx.db, locations, query, today, 1_000_000);
      return {
        business: business.name,
        start: todayIn(ctx, business.timezone),
        end: todayIn(ctx, business.timezone),
        context: contextOf(business),
        rows: (async function* () {
          yield memberships.map((m) => ({
            member: m.member.name,
            phone: m.member.phone ?? '',
            email: m.member.email ?? '',
            plan: m.plan,
            location: m.location,
            status: MEMBERSHIP_STATUS_LABEL[m.status],
            started_on: m.started_on,
            expires_on: m.expires_on,
            next_bill_on: m.next_bill_on,
            price: m.price,
          }));
        })(),
      };
    }),
  ];
}
