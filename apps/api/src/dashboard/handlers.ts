import {
  comparisonDays,
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
import { HttpError, invalidRequest, notFound } from '../http/errors';
import { type HandlerContext, implement } from '../http/registry';
import { aggregateRange, netByDay } from '../transactions/sales-from-rollup';
import { type Executor, rows } from '../transactions/queries';

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
}

async function visibleKpis(db: Executor, business: { id: number; network_id: number | null }): Promise<KpiRow[]> {
  return rows<KpiRow>(
    db,
    sql`select id, "column", global from dashboard_kpis
        where business_id = ${business.id} or (global and network_id is not null and network_id = ${business.network_id})
        order by id`,
  );
}

async function kpiValues(db: Executor, businessId: number, kpis: KpiRow[], params: Available['kpis'], today: string, period: SnapshotPeriod) {
  const range = periodToDate(today, period);
  if (kpis.length === 0) return { range, values: [] };
  const [current, previous] = await Promise.all([
    aggregateRange(db, businessId, range.current.start, range.current.end),
    aggregateRange(db, businessId, range.previous.start, range.previous.end),
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
        current: figureValue(column, current),
        previous: figureValue(column, previous),
      };
    });
  return { range, values };
}

const businessOf = (ctx: HandlerContext) => {
  if (!ctx.business) throw notFound();
  return ctx.business;
};

export function dashboardHandlers() {
  const e = endpoints.dashboard;
  return [
    implement(e.get, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const days = comparisonDays(ctx.now(), business.timezone);
      if (query.type === 'chart') {
        return { type: 'chart' as const, points: await netByDay(ctx.db, business.id, addDays(days.today, -(query.days - 1)), days.today) };
      }
      const offered = await available(ctx.db);
      await ensureCards(ctx.db, business.id, offered.cards);
      const period = await periodOf(ctx.db, business.id);
      const dayData = async (day: string) => {
        const [totals, month] = await Promise.all([aggregateRange(ctx.db, business.id, day, day), aggregateRange(ctx.db, business.id, monthStart(day), day)]);
        return { day, totals, monthtotal: figureValue('net', month) };
      };
      const [today, yesterday, lastMonthEnd] = [await dayData(days.today), await dayData(days.yesterday), await dayData(days.lastMonthEnd)];
      const queueCounts = await rows<{ status: string; n: number }>(
        ctx.db,
        sql`select status, count(*)::int as n from queue where business_id = ${business.id} and day = ${days.today} group by status`,
      );
      const count = (statuses: string[]) => queueCounts.filter((q) => statuses.includes(q.status)).reduce((s, q) => s + q.n, 0);
      const cards = await rows<{ id: number; column: string; title: string }>(
        ctx.db,
        sql`select id, "column", title from dashboard_cards where business_id = ${business.id} order by "order", id`,
      );
      const kpis = await kpiValues(ctx.db, business.id, await visibleKpis(ctx.db, business), offered.kpis, days.today, period);
      return {
        type: 'home' as const,
        today,
        yesterday,
        lastMonthEnd,
        queue: {
          inQueue: count(['CHECKIN', 'ASSIGNED']),
          inService: count(['ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY']),
          completed: count(['CHECKOUT']),
          deleted: count(['SERVICE_NOCHECKOUT', 'CHECKIN_NOSERVICE']),
        },
        cards: cards.filter((c) => isFigure(c.column)).map((c) => ({ id: c.id, column: c.column as DashboardMetric, title: c.title })),
        kpis: kpis.values,
        period,
        periodRange: kpis.range,
        available: offered,
      };
    }),

    implement(e.addCard, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const offered = await available(ctx.db);
      await ensureCards(ctx.db, business.id, offered.cards);
      const title = body.title ?? offered.cards.find((c) => c.column === body.column)?.title ?? FIGURES[body.column].label;
      const [created] = await rows<{ id: number }>(
        ctx.db,
        sql`insert into dashboard_cards (business_id, "column", title, "order", created_by)
            values (${business.id}, ${body.column}, ${title}, (select coalesce(max("order"), 0) + 1 from dashboard_cards where business_id = ${business.id}), ${ctx.auth?.user.id ?? null})
            on conflict (business_id, "column") do nothing returning id`,
      );
      if (!created) throw new HttpError(409, MESSAGES.cardAlreadyAdded);
      return { id: created.id, column: body.column, title };
    }),

    implement(e.addKpi, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const offered = await available(ctx.db);
      const param = offered.kpis.find((k) => k.column === body.column);
      if (!param) throw invalidRequest([{ path: ['column'], message: MESSAGES.kpiNotOffered }]);
      if ((await visibleKpis(ctx.db, business)).some((k) => k.column === param.column)) throw new HttpError(409, MESSAGES.kpiAlreadyAdded);
      const [created] = await rows<KpiRow>(
        ctx.db,
        sql`insert into dashboard_kpis (business_id, network_id, "column", global, created_by)
            values (${business.id}, ${business.network_id}, ${param.column}, ${body.global && business.network_id !== null}, ${ctx.auth?.user.id ?? null})
            on conflict (business_id, "column") do nothing returning id, "column", global`,
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
      const [deleted] = await rows<{ id: number }>(ctx.db, sql`delete from dashboard_cards where id = ${params.cardId} and business_id = ${business.id} returning id`);
      if (!deleted) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      return { id: deleted.id };
    }),

    implement(e.removeKpi, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const [deleted] = await rows<{ id: number }>(
        ctx.db,
        sql`delete from dashboard_kpis where id = ${params.kpiId}
            and (business_id = ${business.id} or (global and network_id is not null and network_id = ${business.network_id})) returning id`,
      );
      if (!deleted) throw new HttpError(404, MESSAGES.dashboardItemNotFound);
      return { id: deleted.id };
    }),

    implement(e.getPeriodSnapshot, async (_request, ctx) => ({ period: await periodOf(ctx.db, businessOf(ctx).id) })),

    implement(e.updatePeriodSnapshot, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.execute(sql`insert into dashboard_settings (business_id, period) values (${business.id}, ${body.period})
        on conflict (business_id) do update set period = excluded.period, updated_at = now()`);
      return { period: body.period };
    }),
  ];
}
