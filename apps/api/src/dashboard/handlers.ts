import {
  comparisonDays,
  dashboardRights,
  mayChangeKpi,
  sameTimeOn,
  seesEveryLocation,
  FIGURES,
  DASHBOARD_SYSTEM_SETTINGS,
  DEFAULT_DASHBOARD_CARDS,
  DEFAULT_KPI_PARAMS,
  endpoints,
  isFigure,
  MESSAGES,
  figureValue,
  monthStart,
  periodToDate,
  snapshotPeriod,
  addDays,
  type DashboardMetric,
  type MetricFormat,
  type SnapshotPeriod,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { HttpError, invalidRequest, pleaseLogIn } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { aggregateFromLines } from '../transactions/sales-from-lines';
import { aggregateRange, netByDay } from '../transactions/sales-from-rollup';
import { type Executor, rows } from '../db/executor';
import { readTogether } from '../db/executor';

type Available = {
  cards: { column: DashboardMetric; title: string }[];
  kpis: { column: DashboardMetric; label: string; format: MetricFormat }[];
};

/** The defaults from system settings (`default-dashboard-cards`, `uzeli-dashboard-kpi-params`), keeping only known metrics. */
async function available(db: Executor): Promise<Available> {
  const settings = await rows<{ key: string; value: unknown }>(db, sql`select key, value from system_settings where key in (${DASHBOARD_SYSTEM_SETTINGS.cards}, ${DASHBOARD_SYSTEM_SETTINGS.kpis})`);
  const read = (key: string) => settings.find((s) => s.key === key)?.value;
  const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : []);
  const cardsSetting = read(DASHBOARD_SYSTEM_SETTINGS.cards);
  const kpisSetting = read(DASHBOARD_SYSTEM_SETTINGS.kpis);
  const cards = (cardsSetting === undefined ? [...DEFAULT_DASHBOARD_CARDS] : list(cardsSetting))
    .filter((c) => typeof c.column === 'string' && isFigure(c.column))
    .map((c) => {
      const column = c.column as DashboardMetric;
      return { column, title: typeof c.title === 'string' && c.title ? c.title : FIGURES[column].label };
    });
  const kpis = (kpisSetting === undefined ? [...DEFAULT_KPI_PARAMS] : list(kpisSetting))
    .filter((k) => typeof k.column === 'string' && isFigure(k.column))
    .map((k) => {
      const column = k.column as DashboardMetric;
      return { column, label: typeof k.label === 'string' && k.label ? k.label : FIGURES[column].label, format: FIGURES[column].format };
    });
  return { cards, kpis };
}

/** Lays out the default cards the first time a business's dashboard is used. */
async function ensureCards(db: HandlerContext['db'], businessId: number, defaults: Available['cards']): Promise<void> {
  const [settings] = await rows<{ cards_initialized: boolean }>(db, sql`select cards_initialized from dashboard_settings where business_id = ${businessId}`);
  if (settings?.cards_initialized) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into dashboard_settings (business_id) values (${businessId}) on conflict (business_id) do nothing`);
    const [locked] = await rows<{ cards_initialized: boolean }>(tx, sql`select cards_initialized from dashboard_settings where business_id = ${businessId} for update`);
    if (locked?.cards_initialized) return;
    for (const [order, card] of defaults.entries()) {
      await tx.execute(sql`insert into dashboard_cards (business_id, "column", title, "order") values (${businessId}, ${card.column}, ${card.title}, ${order + 1})
        on conflict (business_id, "column") do nothing`);
    }
    await tx.execute(sql`update dashboard_settings set cards_initialized = true, updated_at = now() where business_id = ${businessId}`);
  });
}

async function periodOf(db: Executor, businessId: number): Promise<SnapshotPeriod> {
  const [row] = await rows<{ period: string }>(db, sql`select period from dashboard_settings where business_id = ${businessId}`);
  const parsed = safeParse(snapshotPeriod, row?.period);
  return parsed.success ? parsed.data : 'month';
}

interface KpiRow {
  id: number;
  column: string;
  global: boolean;
  /** Hidden by the user asking. */
  hidden: boolean;
}

/** The KPIs shown at a business (its own and its network's global ones), each with whether this user hid it. */
async function visibleKpis(db: Executor, business: { id: number; network_id: number | null }, userId: number): Promise<KpiRow[]> {
  return rows<KpiRow>(
    db,
    sql`select k.id, k."column", k.global, exists(select 1 from dashboard_hidden_kpis h where h.kpi_id = k.id and h.user_id = ${userId}) as hidden
        from dashboard_kpis k
        where k.business_id = ${business.id} or (k.global and k.network_id is not null and k.network_id = ${business.network_id})
        order by k.id`,
  );
}

/** What this user may change on this business's dashboard (core's `dashboardRights`), and whether they see its whole network. */
async function rightsAt(ctx: HandlerContext, business: { id: number; network_id: number | null }) {
  if (!ctx.auth) throw pleaseLogIn();
  const locations =
    business.network_id === null
      ? [business]
      : await rows<{ id: number; network_id: number | null }>(ctx.db, sql`select id, network_id from businesses where network_id = ${business.network_id}`);
  const every = seesEveryLocation(ctx.auth.user, ctx.auth.grants, locations);
  return { userId: ctx.auth.user.id, every, rights: dashboardRights(ctx.auth.user, every) };
}

const changeNotAllowed = () => new HttpError(403, MESSAGES.dashboardChangeNotAllowed);
const kpiNotAllowed = (global: boolean) => new HttpError(403, global ? MESSAGES.dashboardGlobalKpiNotAllowed : MESSAGES.dashboardChangeNotAllowed);

async function kpiValues(db: Executor, businessId: number, kpis: KpiRow[], params: Available['kpis'], today: string, period: SnapshotPeriod) {
  const range = periodToDate(today, period);
  if (kpis.length === 0) return { range, values: [] };
  const [current, previous] = await readTogether(db, [
    () => aggregateRange(db, businessId, range.current.start, range.current.end),
    () => aggregateRange(db, businessId, range.previous.start, range.previous.end),
  ]);
  const values = kpis
    .filter((k) => isFigure(k.column))
    .map((k) => {
      const column = k.column as DashboardMetric;
      const param = params.find((p) => p.column === column);
      return {
        id: k.id,
        column,
        label: param?.label ?? FIGURES[column].label,
        format: FIGURES[column].format,
        global: k.global,
        hidden: k.hidden,
        current: figureValue(column, current),
        previous: figureValue(column, previous),
      };
    });
  return { range, values };
}


export function dashboardHandlers() {
  const e = endpoints.dashboard;
  return [
    implement(e.get, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const days = comparisonDays(ctx.now(), business.timezone);
      if (query.type === 'chart') {
        return { type: 'chart' as const, points: await netByDay(ctx.db, business.id, addDays(days.today, -(query.days - 1)), days.today) };
      }
      const access = await rightsAt(ctx, business);
      const offered = await available(ctx.db);
      await ensureCards(ctx.db, business.id, offered.cards);
      const period = await periodOf(ctx.db, business.id);
      const dayData = async (day: string) => {
        const [totals, month] = await Promise.all([aggregateRange(ctx.db, business.id, day, day), aggregateRange(ctx.db, business.id, monthStart(day), day)]);
        return { day, totals, monthtotal: figureValue('net', month) };
      };
      const [today, yesterday, lastMonthEnd] = [await dayData(days.today), await dayData(days.yesterday), await dayData(days.lastMonthEnd)];
      // Early in the morning today is compared with yesterday up to the same time, not all of it.
      const until = sameTimeOn(days.yesterday, ctx.now(), business.timezone);
      const yesterdaySoFar = { day: days.yesterday, until: until.toISOString(), totals: await aggregateFromLines(ctx.db, business.id, days.yesterday, days.yesterday, { until }) };
      const queueCounts = await rows<{ status: string; n: number }>(
        ctx.db,
        sql`select status, count(*)::int as n from queue where business_id = ${business.id} and day = ${days.today} group by status`,
      );
      const count = (statuses: string[]) => queueCounts.filter((q) => statuses.includes(q.status)).reduce((s, q) => s + q.n, 0);
      const cards = await rows<{ id: number; column: string; title: string; order: number; hidden: boolean }>(
        ctx.db,
        sql`select c.id, c."column", c.title, c."order", exists(select 1 from dashboard_hidden_cards h where h.card_id = c.id and h.user_id = ${access.userId}) as hidden
            from dashboard_cards c where c.business_id = ${business.id} order by c."order", c.id`,
      );
      const kpis = await kpiValues(ctx.db, business.id, await visibleKpis(ctx.db, business, access.userId), offered.kpis, days.today, period);
      return {
        type: 'home' as const,
        today,
        yesterdaySoFar,
        yesterday,
        lastMonthEnd,
        queue: {
          inQueue: count(['CHECKIN', 'ASSIGNED']),
          inService: count(['ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY']),
          completed: count(['CHECKOUT']),
          deleted: count(['SERVICE_NOCHECKOUT', 'CHECKIN_NOSERVICE']),
        },
        cards: cards.filter((c) => isFigure(c.column)).map((c) => ({ id: c.id, column: c.column as DashboardMetric, title: c.title, order: c.order, hidden: c.hidden })),
        kpis: kpis.values,
        period,
        seesEveryLocation: access.every,
        periodRange: kpis.range,
        available: offered,
      };
    }),

    implement(e.addCard, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      if (!(await rightsAt(ctx, business)).rights.cards) throw changeNotAllowed();
      const offered = await available(ctx.db);
      await ensureCards(ctx.db, business.id, offered.cards);
      const title = body.title ?? offered.cards.find((c) => c.column === body.column)?.title ?? FIGURES[body.column].label;
      const order = body.order ?? null;
      const [created] = await rows<{ id: number; order: number }>(
        ctx.db,
        sql`insert into dashboard_cards (business_id, "column", title, "order", created_by)
            values (${business.id}, ${body.column}, ${title},
              coalesce(${order}::int, (select coalesce(max("order"), 0) + 1 from dashboard_cards where business_id = ${business.id})), ${ctx.auth?.user.id ?? null})
            on conflict (business_id, "column") do nothing returning id, "order"`,
      );
      if (!created) throw new HttpError(409, MESSAGES.cardAlreadyAdded);
      return { id: created.id, column: body.column, title, order: created.order, hidden: false };
    }),

    implement(e.addKpi, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const access = await rightsAt(ctx, business);
      const global = body.global && business.network_id !== null;
      if (!mayChangeKpi(access.rights, { global })) throw kpiNotAllowed(global);
      const offered = await available(ctx.db);
      const param = offered.kpis.find((k) => k.column === body.column);
      if (!param) throw invalidRequest([{ path: ['column'], message: MESSAGES.kpiNotOffered }]);
      if ((await visibleKpis(ctx.db, business, access.userId)).some((k) => k.column === param.column)) throw new HttpError(409, MESSAGES.kpiAlreadyAdded);
      const [created] = await rows<KpiRow>(
        ctx.db,
        sql`insert into dashboard_kpis (business_id, network_id, "column", global, created_by)
            values (${business.id}, ${business.network_id}, ${param.column}, ${global}, ${access.userId})
            on conflict (business_id, "column") do nothing returning id, "column", global, false as hidden`,
      );
      if (!created) throw new HttpError(409, MESSAGES.kpiAlreadyAdded);
      const today = comparisonDays(ctx.now(), business.timezone).today;
      const { values } = await kpiValues(ctx.db, business.id, [created], offered.kpis, today, await periodOf(ctx.db, business.id));
      const value = values[0];
      if (!value) throw new HttpError(409, MESSAGES.kpiNotOffered);
      return value;
    }),

    implement(e.removeCard, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      if (!(await rightsAt(ctx, business)).rights.cards) throw changeNotAllowed();
      const [deleted] = await rows<{ id: number }>(ctx.db, sql`delete from dashboard_cards where id = ${params.cardId} and business_id = ${business.id} returning id`);
      if (!deleted) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      return { id: deleted.id };
    }),

    implement(e.removeKpi, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const access = await rightsAt(ctx, business);
      const kpi = (await visibleKpis(ctx.db, business, access.userId)).find((k) => k.id === params.kpiId);
      if (!kpi) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      // A global KPI goes from every location of the network: it needs the rights over all of them.
      if (!mayChangeKpi(access.rights, kpi)) throw kpiNotAllowed(kpi.global);
      const [deleted] = await rows<{ id: number }>(ctx.db, sql`delete from dashboard_kpis where id = ${kpi.id} and global = ${kpi.global} returning id`);
      if (!deleted) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      return { id: deleted.id };
    }),

    implement(e.hideCard, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const { userId } = await rightsAt(ctx, business);
      const [card] = await rows<{ id: number }>(ctx.db, sql`select id from dashboard_cards where id = ${params.cardId} and business_id = ${business.id}`);
      if (!card) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      await ctx.db.execute(
        body.hidden
          ? sql`insert into dashboard_hidden_cards (user_id, card_id) values (${userId}, ${card.id}) on conflict do nothing`
          : sql`delete from dashboard_hidden_cards where user_id = ${userId} and card_id = ${card.id}`,
      );
      return { id: card.id, hidden: body.hidden };
    }),

    implement(e.hideKpi, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const { userId } = await rightsAt(ctx, business);
      const kpi = (await visibleKpis(ctx.db, business, userId)).find((k) => k.id === params.kpiId);
      if (!kpi) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      await ctx.db.execute(
        body.hidden
          ? sql`insert into dashboard_hidden_kpis (user_id, kpi_id) values (${userId}, ${kpi.id}) on conflict do nothing`
          : sql`delete from dashboard_hidden_kpis where user_id = ${userId} and kpi_id = ${kpi.id}`,
      );
      return { id: kpi.id, hidden: body.hidden };
    }),

    implement(e.getPeriodSnapshot, async (_request, ctx) => ({ period: await periodOf(ctx.db, businessOf(ctx).id) })),

    implement(e.updatePeriodSnapshot, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      // The KPIs' period is the business's, for everyone who opens its dashboard.
      if (!(await rightsAt(ctx, business)).rights.kpis) throw changeNotAllowed();
      await ctx.db.execute(sql`insert into dashboard_settings (business_id, period) values (${business.id}, ${body.period})
        on conflict (business_id) do update set period = excluded.period, updated_at = now()`);
      return { period: body.period };
    }),
  ];
}
