import { clientName, dayInZone, endpoints, ERASED_CLIENT_NAME, MESSAGES, type TagWithUse } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import { contextOf } from '../export/context';
import { implementExport, todayIn } from '../export/implementExport';
import { HttpError } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { SegmentNotFoundError } from '../segments/members';
import { type Executor, rows } from '../db/executor';
import { iso } from '../db/instants';
import {
  clientBatches,
  type ClientRecordRow,
  clientVisits,
  customerReferences,
  findClient,
  listClients,
  loadProfile,
  scopeTags,
  tagScopeSql,
} from './queries';

/**
 * Clients and tags (issue 18): the list, the profile and its tickets, possible duplicates, edits,
 * merging duplicates (every ticket, card, membership, point and tag moves to the kept client),
 * the GDPR-style export and erasure (tickets kept, personal fields cleared), and the network's
 * tags. Every call reads the location `{id}` only: a client of another location is not found.
 */

const clientNotFound = () => new HttpError(404, MESSAGES.customerNotFound);
const tagNotFound = () => new HttpError(404, MESSAGES.tagNotFound);
const today = (ctx: HandlerContext, business: BusinessRow) => dayInZone(ctx.now(), business.timezone);

/** A segment the filter names that is not one of the location's: a clear 404, not a 500. */
async function withSegment<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SegmentNotFoundError) throw new HttpError(404, 'This segment was not found.', { issues: [{ path: ['query', 'segment'], message: 'This segment was not found.' }] });
    throw error;
  }
}

/** A client that may be changed: of the location, neither merged away nor erased. Locks the row. */
async function changeableClient(tx: Executor, businessId: number, clientId: number) {
  const client = await findClient(tx, businessId, clientId, { forUpdate: true });
  if (!client) throw clientNotFound();
  if (client.merged_into_id !== null) throw new HttpError(409, MESSAGES.clientMergedReadOnly);
  if (client.erased_at !== null) throw new HttpError(409, MESSAGES.clientErasedReadOnly);
  return client;
}

async function profileOrNotFound(tx: Executor, ctx: HandlerContext, business: BusinessRow, clientId: number) {
  return (await loadProfile(tx, business, clientId, today(ctx, business))) ?? Promise.reject(clientNotFound());
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const tagNameTaken = () => new HttpError(409, MESSAGES.tagNameTaken, { issues: [{ path: ['body', 'name'], message: MESSAGES.tagNameTaken }] });

async function oneTag(tx: Executor, business: BusinessRow, tagId: number): Promise<TagWithUse> {
  const [tag] = await scopeTags(tx, business, sql`t.id = ${tagId}`);
  if (!tag) throw tagNotFound();
  return tag;
}

/** Whether another tag of the scope already has this name (any case). */
async function nameTaken(tx: Executor, business: BusinessRow, name: string, except: number | null): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select t.id from customer_tags t where ${tagScopeSql(business)} and lower(t.name) = lower(${name}) ${except === null ? sql`` : sql`and t.id <> ${except}`}`,
  );
  return found.length > 0;
}

export function clientHandlers() {
  const e = endpoints.clients;
  const x = endpoints.clientExports;

  return [
    implement(e.list, async ({ query }, ctx) => withSegment(() => listClients(ctx.db, businessOf(ctx), query, ctx.now()))),

    implement(e.get, async ({ params }, ctx) => profileOrNotFound(ctx.db, ctx, businessOf(ctx), params.clientId)),

    implement(e.visits, async ({ params, query }, ctx) => {
      const business = businessOf(ctx);
      if (!(await findClient(ctx.db, business.id, params.clientId))) throw clientNotFound();
      const page = await clientVisits(ctx.db, business.id, params.clientId, query.page, query.page_size);
      return { ...page, page: query.page, page_size: query.page_size };
    }),

    implement(e.duplicates, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const client = await findClient(ctx.db, business.id, params.clientId);
      if (!client) throw clientNotFound();
      const found = await rows<{ id: number; firstname: string | null; lastname: string | null; phone: string; phone_type: string; email: string | null; visits: number; last_visit: string | null; same_phone: boolean; same_email: boolean; same_name: boolean }>(
        ctx.db,
        sql`with me as (select phone_digits, lower(btrim(coalesce(email, ''))) as email,
              lower(btrim(coalesce(btrim(firstname), '') || ' ' || coalesce(btrim(lastname), ''))) as name from customers where id = ${params.clientId})
            select c.id, c.firstname, c.lastname, c.phone, c.phone_type, c.email, f.visits, f.last_visit::text as last_visit,
              (length(me.phone_digits) >= 7 and c.phone_digits = me.phone_digits) as same_phone,
              (me.email <> '' and lower(btrim(coalesce(c.email, ''))) = me.email) as same_email,
              (me.name <> '' and lower(btrim(coalesce(btrim(c.firstname), '') || ' ' || coalesce(btrim(c.lastname), ''))) = me.name) as same_name
            from me, customers c join customer_facts f on f.customer_id = c.id and f.business_id = c.business_id
            where c.business_id = ${business.id} and c.id <> ${params.clientId} and c.merged_into_id is null and c.erased_at is null
              and ((length(me.phone_digits) >= 7 and c.phone_digits = me.phone_digits)
                or (me.email <> '' and lower(btrim(coalesce(c.email, ''))) = me.email)
                or (me.name <> '' and lower(btrim(coalesce(btrim(c.firstname), '') || ' ' || coalesce(btrim(c.lastname), ''))) = me.name))
            order by f.last_visit desc nulls last, c.id limit 20`,
      );
      return found.map((r) => ({
        id: r.id,
        name: clientName({ ...r, erased_at: null }),
        phone: r.phone,
        email: r.email,
        visits: r.visits,
        last_visit: r.last_visit,
        reasons: [...(r.same_phone ? (['phone'] as const) : []), ...(r.same_email ? (['email'] as const) : []), ...(r.same_name ? (['name'] as const) : [])],
      }));
    }),

    implement(e.update, async ({ params, body }, ctx) =>
      ctx.db.transaction(async (tx) => {
        const business = businessOf(ctx);
        await changeableClient(tx, business.id, params.clientId);
        const sets: SQL[] = [];
        const blankToNull = (v: string | null) => (v === null || v === '' ? null : v);
        if (body.firstname !== undefined) sets.push(sql`firstname = ${blankToNull(body.firstname)}`);
        if (body.lastname !== undefined) sets.push(sql`lastname = ${blankToNull(body.lastname)}`);
        if (body.email !== undefined) sets.push(sql`email = ${blankToNull(body.email)}`);
        if (body.phone !== undefined) sets.push(sql`phone = ${body.phone}`);
        if (body.birthday !== undefined) sets.push(sql`birthday = ${body.birthday}::date`);
        if (body.notes !== undefined) sets.push(sql`notes = ${body.notes}`);
        await tx.execute(sql`update customers set ${sql.join(sets, sql`, `)} where id = ${params.clientId}`);
        return profileOrNotFound(tx, ctx, business, params.clientId);
      }),
    ),

    implement(e.merge, async ({ params, body }, ctx) =>
      ctx.db.transaction(async (tx) => {
        const business = businessOf(ctx);
        const keptId = params.clientId;
        const duplicates = [...new Set(body.duplicates)];
        if (duplicates.includes(keptId)) {
          throw new HttpError(400, MESSAGES.mergeIntoItself, { issues: [{ path: ['body', 'duplicates'], message: MESSAGES.mergeIntoItself }] });
        }
        // Lock every client of the merge in id order, so two merges of the same clients take turns.
        const all = [keptId, ...duplicates].sort((a, b) => a - b);
        const locked = await rows<{ id: number; erased_at: Date | null; merged_into_id: number | null }>(
          tx,
          sql`select id, erased_at, merged_into_id from customers where business_id = ${business.id} and id = any(${`{${all.join(',')}}`}::int[]) order by id for update`,
        );
        const kept = locked.find((r) => r.id === keptId);
        if (!kept) throw clientNotFound();
        if (kept.merged_into_id !== null) throw new HttpError(409, MESSAGES.clientMergedReadOnly);
        if (kept.erased_at !== null) throw new HttpError(409, MESSAGES.clientErasedReadOnly);
        const usable = locked.filter((r) => r.id !== keptId && r.merged_into_id === null && r.erased_at === null);
        if (usable.length !== duplicates.length) {
          throw new HttpError(400, MESSAGES.mergeDuplicateNotFound, { issues: [{ path: ['body', 'duplicates'], message: MESSAGES.mergeDuplicateNotFound }] });
        }
        const dupArray = sql`${`{${duplicates.join(',')}}`}::int[]`;
        // Every ticket, card, membership (and whatever else points at a customer) moves to the kept client,
        // except a row the kept client (or an earlier duplicate) already has by a unique key — the same
        // campaign message sent to two records of one person, say: it stays with the merged record, so
        // every figure stays as it was.
        for (const ref of await customerReferences(tx)) {
          const col = sql.identifier(ref.column);
          const collides = ref.uniqueWith.map(
            (others) =>
              sql` and not exists (select 1 from ${sql.identifier(ref.table)} o where ${sql.join(
                [...others.map((c) => sql`o.${sql.identifier(c)} = d.${sql.identifier(c)}`), sql`(o.${col} = ${keptId} or (o.${col} = any(${dupArray}) and o.${col} < d.${col}))`],
                sql` and `,
              )})`,
          );
          await tx.execute(sql`update ${sql.identifier(ref.table)} d set ${col} = ${keptId} where d.${col} = any(${dupArray})${sql.join(collides, sql``)}`);
        }
        await tx.execute(sql`insert into customer_tag_links (customer_id, tag_id) select ${keptId}, tag_id from customer_tag_links where customer_id = any(${dupArray}) on conflict do nothing`);
        await tx.execute(sql`delete from customer_tag_links where customer_id = any(${dupArray})`);
        // The kept client gains the points and fills what it lacks from the duplicates (the latest first).
        await tx.execute(sql`update customers k set
            loyalty_points = k.loyalty_points + d.points,
            firstname = coalesce(nullif(btrim(k.firstname), ''), d.firstname),
            lastname = coalesce(nullif(btrim(k.lastname), ''), d.lastname),
            email = coalesce(nullif(btrim(k.email), ''), d.email),
            birthday = coalesce(k.birthday, d.birthday),
            notes = left(concat_ws(E'\n\n', nullif(k.notes, ''), nullif(d.notes, '')), 5000)
          from (select sum(loyalty_points)::int as points,
                  (array_agg(nullif(btrim(firstname), '') order by id desc) filter (where nullif(btrim(firstname), '') is not null))[1] as firstname,
                  (array_agg(nullif(btrim(lastname), '') order by id desc) filter (where nullif(btrim(lastname), '') is not null))[1] as lastname,
                  (array_agg(nullif(btrim(email), '') order by id desc) filter (where nullif(btrim(email), '') is not null))[1] as email,
                  (array_agg(birthday order by id desc) filter (where birthday is not null))[1] as birthday,
                  string_agg(nullif(notes, ''), E'\n\n' order by id) as notes
                from customers where id = any(${dupArray})) d
          where k.id = ${keptId}`);
        await tx.execute(sql`update customers set merged_into_id = ${keptId}, loyalty_points = 0 where id = any(${dupArray}) or merged_into_id = any(${dupArray})`);
        return profileOrNotFound(tx, ctx, business, keptId);
      }),
    ),

    implement(e.personalData, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const [client] = await rows<ClientRecordRow>(
        ctx.db,
        sql`select id, firstname, lastname, phone, phone_type, email, birthday::text as birthday, notes, loyalty_points, created_at, erased_at
            from customers where id = ${params.clientId} and business_id = ${business.id}`,
      );
      if (!client) throw clientNotFound();
      const [profile, visits, tags] = await Promise.all([
        profileOrNotFound(ctx.db, ctx, business, params.clientId),
        clientVisits(ctx.db, business.id, params.clientId, 1, null),
        rows<{ name: string }>(ctx.db, sql`select t.name from customer_tag_links l join customer_tags t on t.id = l.tag_id where l.customer_id = ${params.clientId} order by lower(t.name)`),
      ]);
      return {
        exported_at: ctx.now().toISOString(),
        business: { id: business.id, name: business.name },
        client: { ...client, created_at: iso(client.created_at), erased_at: client.erased_at === null ? null : iso(client.erased_at) },
        tags: tags.map((t) => t.name),
        visits: visits.rows,
        cards: profile.cards,
        memberships: profile.memberships,
      };
    }),

    implement(e.erase, async ({ params, body }, ctx) =>
      ctx.db.transaction(async (tx) => {
        const business = businessOf(ctx);
        if (body.confirm !== params.clientId) {
          throw new HttpError(400, MESSAGES.eraseConfirmMismatch, { issues: [{ path: ['body', 'confirm'], message: MESSAGES.eraseConfirmMismatch }] });
        }
        await changeableClient(tx, business.id, params.clientId);
        const [before] = await rows<{ phone_digits: string; email: string | null }>(tx, sql`select phone_digits, lower(btrim(email)) as email from customers where id = ${params.clientId}`);
        // The tickets stay (the books need them) without the name and notes typed on them.
        await tx.execute(sql`update queue set details = coalesce(
            (select jsonb_agg(d) from jsonb_array_elements(details) d where d->>'name' not in ('customername', 'appointmentnotes')), '[]'::jsonb)
          where customer_id = ${params.clientId}`);
        // Cards and memberships stay (their money is real) without the person's details.
        await tx.execute(sql`update prepaid_cards set recipient_name = '', recipient_phone = null, recipient_email = null where customer_id = ${params.clientId}`);
        if (before) {
          await tx.execute(sql`update prepaid_cards set purchaser_name = '', purchaser_phone = null, purchaser_email = null
            where customer_id = ${params.clientId}
              and ((length(${before.phone_digits}) >= 7 and regexp_replace(coalesce(purchaser_phone, ''), '[^0-9]', '', 'g') = ${before.phone_digits})
                or (${before.email ?? ''} <> '' and lower(btrim(coalesce(purchaser_email, ''))) = ${before.email ?? ''}))`);
        }
        await tx.execute(sql`update memberships set member_name = ${ERASED_CLIENT_NAME}, member_phone = null, member_email = null where customer_id = ${params.clientId}`);
        // Appointments keep their time and service, under the same anonymous name.
        await tx.execute(sql`update appointments set customer_name = ${ERASED_CLIENT_NAME} where customer_id = ${params.clientId}`);
        // Campaign messages keep their delivery figures, without the address or the words sent (which greet the client by name).
        await tx.execute(sql`update outbox set recipient = '', subject = null, body = ''
          where id in (select outbox_id from campaign_deliveries where customer_id = ${params.clientId} and outbox_id is not null)`);
        await tx.execute(sql`update campaign_deliveries set recipient = '' where customer_id = ${params.clientId}`);
        await tx.execute(sql`delete from customer_tag_links where customer_id = ${params.clientId}`);
        await tx.execute(sql`update customers set firstname = null, lastname = null, email = null, phone = '', birthday = null, notes = '',
            erased_at = ${ctx.now().toISOString()} where id = ${params.clientId}`);
        return profileOrNotFound(tx, ctx, business, params.clientId);
      }),
    ),

    implement(e.setTags, async ({ params, body }, ctx) =>
      ctx.db.transaction(async (tx) => {
        const business = businessOf(ctx);
        await changeableClient(tx, business.id, params.clientId);
        const wanted = [...new Set(body.tag_ids)];
        if (wanted.length > 0) {
          const found = await rows<{ id: number }>(tx, sql`select t.id from customer_tags t where ${tagScopeSql(business)} and t.id = any(${`{${wanted.join(',')}}`}::int[])`);
          if (found.length !== wanted.length) {
            throw new HttpError(400, MESSAGES.tagNotFound, { issues: [{ path: ['body', 'tag_ids'], message: MESSAGES.tagNotFound }] });
          }
        }
        await tx.execute(sql`delete from customer_tag_links where customer_id = ${params.clientId}`);
        if (wanted.length > 0) {
          await tx.execute(sql`insert into customer_tag_links (customer_id, tag_id) select ${params.clientId}, unnest(${`{${wanted.join(',')}}`}::int[])`);
        }
        return rows<{ id: number; name: string; color: string }>(
          tx,
          sql`select t.id, t.name, t.color from customer_tag_links l join customer_tags t on t.id = l.tag_id where l.customer_id = ${params.clientId} order by lower(t.name), t.id`,
        );
      }),
    ),

    implement(e.getTags, async (_request, ctx) => scopeTags(ctx.db, businessOf(ctx))),

    implement(e.createTag, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      try {
        return await ctx.db.transaction(async (tx) => {
          if (await nameTaken(tx, business, body.name, null)) throw tagNameTaken();
          const [created] = await rows<{ id: number }>(
            tx,
            sql`insert into customer_tags (network_id, business_id, name, color, created_by)
                values (${business.network_id}, ${business.network_id === null ? business.id : null}, ${body.name}, ${body.color ?? '#64748b'}, ${ctx.auth?.user.id ?? null}) returning id`,
          );
          return oneTag(tx, business, (created as { id: number }).id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw tagNameTaken();
        throw error;
      }
    }),

    implement(e.updateTag, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      try {
        return await ctx.db.transaction(async (tx) => {
          await oneTag(tx, business, params.tagId);
          if (body.name !== undefined && (await nameTaken(tx, business, body.name, params.tagId))) throw tagNameTaken();
          const sets: SQL[] = [];
          if (body.name !== undefined) sets.push(sql`name = ${body.name}`);
          if (body.color !== undefined) sets.push(sql`color = ${body.color}`);
          await tx.execute(sql`update customer_tags set ${sql.join(sets, sql`, `)} where id = ${params.tagId}`);
          return oneTag(tx, business, params.tagId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw tagNameTaken();
        throw error;
      }
    }),

    implement(e.deleteTag, async ({ params }, ctx) =>
      ctx.db.transaction(async (tx) => {
        const business = businessOf(ctx);
        await oneTag(tx, business, params.tagId);
        await tx.execute(sql`delete from customer_tags where id = ${params.tagId}`);
        return { id: params.tagId };
      }),
    ),

    implementExport(x.clients, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const batches = clientBatches(ctx.db, business, query, ctx.now());
      // Run the first batch now, so a missing segment is refused before the file starts.
      const first = await withSegment(() => batches.next());
      return {
        business: business.name,
        start: todayIn(ctx, business.timezone),
        end: todayIn(ctx, business.timezone),
        context: contextOf(business),
        rows: (async function* () {
          const toCells = (list: Awaited<ReturnType<typeof listClients>>['rows']) =>
            list.map((c) => ({
              name: c.name,
              phone: c.phone,
              email: c.email ?? '',
              birthday: c.birthday,
              tags: c.tags.map((t) => t.name).join(', '),
              visits: c.visits,
              spend: c.spend,
              average_spend: c.average_spend,
              first_visit: c.first_visit,
              last_visit: c.last_visit,
              last_staff: c.last_staff ?? '',
              loyalty_points: c.loyalty_points,
            }));
          if (first.done) return;
          yield toCells(first.value);
          for await (const batch of batches) yield toCells(batch);
        })(),
      };
    }),
  ];
}
