import {
  catalogueFilterFor,
  CATEGORY_STATUS_LABEL,
  customerOf,
  endpoints,
  figureValue,
  filterCatalogue,
  HISTORY_ACTION_LABEL,
  LINE_KIND_LABEL,
  PRODUCT_STATUS_LABEL,
  SERVICE_STATUS_LABEL,
  SETTING_VALUE_TYPE_LABEL,
  SETTING_VISIBILITY_LABEL,
  STAFF_STATUS_LABEL,
  type StaffStatus,
  tenderLabel,
  transactionStatusLabel,
  userCan,
  AGGREGATE_SALES_FIGURES,
  DAILY_SALES_FIGURES,
  MESSAGES,
} from '@salondesk/core';
import { findBusiness } from '../businesses/queries';
import { loadCatalogue } from '../catalogue/queries';
import { HttpError, pleaseLogIn } from '../http/errors';
import { businessOf } from '../http/registry';
import { listAdminNotifications } from '../realtime/queries';
import { listSettingTypes } from '../settings/queries';
import { listStaff, rosterDisplayNames, staffMonthlyReport, toStaffMember } from '../staff/queries';
import { listSystemSettings } from '../system/queries';
import { checkRange } from '../http/checkRange';
import { type HistoryCursor, listHistory } from '../transactions/history';
import { dailySales, salesByItem, salesByStaff } from '../transactions/sales-from-rollup';
import { aggregateSalesReport, currenciesOf } from '../transactions/aggregate-sales';
import { asOfToday, overRange, platformList } from './context';
import { implementExport, keysetPages, once } from './implementExport';
import { ticketsInRange } from './sources/tickets';

const e = endpoints.exports;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Every export of core's `exportEndpoints`: each reads its rows with the query function of the
 * screen's own call (one definition per figure), checks what that call checks, and names the file
 * after the business and the range.
 */
export function exportHandlers() {
  return [
    implementExport(e.transactions, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query.start, query.end);
      const tickets = ticketsInRange(ctx.db, business, { start: query.start, end: query.end, q: query.q, status: query.status });
      return {
        ...overRange(business, query),
        rows: (async function* () {
          for await (const batch of tickets) {
            yield batch.map((t) => {
              const customer = customerOf(t.phones);
              return {
                ticket: t.id,
                day: t.day,
                checkin_at: t.checkin_at,
                checkout_at: t.checkout_at,
                customer: customer.name,
                phone: customer.phone,
                staff: t.staff,
                status: transactionStatusLabel(t.status),
                tender: tenderLabel(t),
                lines: t.lines,
                total: t.total,
                tips: t.tipamount,
                refunded: t.refunded,
                cash: t.cashamount,
                credit: t.creditamount,
                gift: t.giftamount,
              };
            });
          }
        })(),
      };
    }),

    implementExport(e.salesByStaff, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query.start, query.end);
      return {
        ...overRange(business, query),
        rows: once(async () => (await salesByStaff(ctx.db, business.id, query.start, query.end)).map((r) => ({ staff: r.name, quantity: r.quantity, sales: r.total }))),
      };
    }),

    implementExport(e.salesByItem, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query.start, query.end);
      return {
        ...overRange(business, query),
        rows: once(async () =>
          (await salesByItem(ctx.db, business.id, query.start, query.end)).items.map((r) => ({ kind: LINE_KIND_LABEL[r.kind], item: r.name, quantity: r.quantity, sales: r.total })),
        ),
      };
    }),

    implementExport(e.salesByDay, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query.start, query.end);
      return {
        ...overRange(business, query),
        rows: once(async () =>
          (await dailySales(ctx.db, business.id, query.start, query.end)).map((d) => ({
            day: d.day,
            ...(Object.fromEntries(DAILY_SALES_FIGURES.map((f) => [f, figureValue(f, d)])) as Record<(typeof DAILY_SALES_FIGURES)[number], number>),
          })),
        ),
      };
    }),

    implementExport(e.aggregateSales, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      if (!ctx.auth) throw pleaseLogIn();
      const auth = ctx.auth;
      checkRange(query.start, query.end);
      return {
        business: business.name,
        start: query.start,
        end: query.end,
        // Each location in its own currency: the rows say which.
        context: { currency: null, currencySymbol: null, timeZone: business.timezone },
        rows: once(async () => {
          const report = await aggregateSalesReport(ctx.db, auth, business, query.start, query.end);
          const currencies = await currenciesOf(
            ctx.db,
            report.locations.map((l) => l.business_id),
          );
          return report.locations.map((l) => ({
            location: l.name,
            currency: currencies.get(l.business_id) ?? 'USD',
            ...(Object.fromEntries(AGGREGATE_SALES_FIGURES.map((f) => [f, figureValue(f, l.totals)])) as Record<(typeof AGGREGATE_SALES_FIGURES)[number], number>),
          }));
        }),
      };
    }),

    implementExport(e.staff, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      return {
        ...asOfToday(ctx, business),
        rows: once(async () => {
          const [list, names] = [await listStaff(ctx.db, business.id, query.deleted === '1'), await rosterDisplayNames(ctx.db, business.id)];
          return list.map((row) => {
            const m = toStaffMember(row, names);
            return {
              name: m.display_name,
              full_name: m.full_name,
              nickname: m.nickname,
              username: m.username,
              status: m.deleted ? 'Deleted' : (STAFF_STATUS_LABEL[m.status as StaffStatus] ?? m.status),
              visible: yesNo(m.visible_in_appointment),
              order: m.order,
            };
          });
        }),
      };
    }),

    implementExport(e.staffMonthlyReport, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const month = String(query.month).padStart(2, '0');
      const lastDay = new Date(Date.UTC(query.year, query.month, 0)).getUTCDate();
      return {
        ...overRange(business, { start: `${query.year}-${month}-01`, end: `${query.year}-${month}-${String(lastDay).padStart(2, '0')}` }),
        rows: once(async () =>
          (await staffMonthlyReport(ctx.db, business, query.year, query.month)).rows.map((r) => ({
            staff: r.name,
            appointments: r.appointments,
            completed: r.completed,
            cancelled: r.cancelled,
            hours: Math.round((r.minutes / 60) * 100) / 100,
            value: r.revenue,
          })),
        ),
      };
    }),

    implementExport(e.catalogue, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      // Products only for those who may view inventory, as the catalogue's own call.
      const withProducts = ctx.auth !== null && userCan(ctx.auth.user, 'operation.view-inventory');
      return {
        ...asOfToday(ctx, business),
        rows: once(async () =>
          filterCatalogue(await loadCatalogue(ctx.db, business.id, withProducts), catalogueFilterFor(query.scope)).flatMap((c) => [
            ...c.services.map((s) => ({
              category: c.name,
              type: 'Service',
              name: s.name,
              price: s.price,
              duration: s.duration_minutes,
              stock: null,
              status: SERVICE_STATUS_LABEL[s.servicestatus] ?? String(s.servicestatus),
            })),
            ...c.products.map((p) => ({
              category: c.name,
              type: 'Product',
              name: p.name,
              price: p.price,
              duration: null,
              stock: p.stock,
              status: PRODUCT_STATUS_LABEL[p.productstatus] ?? String(p.productstatus),
            })),
          ]),
        ),
      };
    }),

    implementExport(e.transactionHistory, async ({ params, query }, ctx) => {
      // An admin route naming a business: as the history's own call, 404 when there is none.
      const business = await findBusiness(ctx.db, params.id);
      if (!business) throw new HttpError(404, MESSAGES.businessNotFound);
      checkRange(query.start, query.end);
      const filter = { businessId: business.id, start: query.start, end: query.end, q: query.q, action: query.action };
      return {
        ...overRange(business, query),
        rows: keysetPages(async (after: HistoryCursor | null) => {
          const page = await listHistory(ctx.db, filter, { limit: 1000, after });
          return {
            rows: page.entries.map((h) => ({
              at: h.created_at,
              day: h.day,
              ticket: h.queue_id,
              ticket_day: h.ticket_day,
              action: HISTORY_ACTION_LABEL[h.action],
              by: h.user?.name ?? null,
              reason: h.reason,
              note: h.note,
              amount: h.amount,
            })),
            cursor: page.cursor,
          };
        }),
      };
    }),

    implementExport(e.settingTypes, async (_request, ctx) => {
      return {
        ...platformList(ctx),
        rows: once(async () =>
          (await listSettingTypes(ctx.db)).map((t) => ({
            name: t.name,
            prettyname: t.prettyname,
            group: t.category ?? 'Misc. Settings',
            type: SETTING_VALUE_TYPE_LABEL[t.type],
            visible: SETTING_VISIBILITY_LABEL[t.isvisible as 0] ?? 'Hidden',
            editable: yesNo(t.editable),
            cancopy: yesNo(t.cancopy),
            isunique: yesNo(t.isunique),
            description: t.description,
          })),
        ),
      };
    }),

    implementExport(e.systemSettings, async (_request, ctx) => {
      return {
        ...platformList(ctx),
        rows: once(async () => (await listSystemSettings(ctx.db)).map((s) => ({ key: s.key, value: JSON.stringify(s.value), updated_at: s.updated_at }))),
      };
    }),

    implementExport(e.notifications, async (_request, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      const userId = ctx.auth.user.id;
      return {
        ...platformList(ctx),
        rows: keysetPages<{ at: string; title: string; body: string; from: string | null; read: string }, number>(async (before) => {
          const page = await listAdminNotifications(ctx.db, userId, { limit: 100, ...(before === null ? {} : { before }) });
          return {
            rows: page.items.map((n) => ({
              at: n.createdAt,
              title: n.title,
              body: n.body,
              from: n.kind === 'adminMessage' ? (n.senderName ?? (n.source === 'security' ? 'Salondesk' : null)) : 'Salondesk',
              read: yesNo(n.read),
            })),
            cursor: page.nextBefore,
          };
        }),
      };
    }),
  ];
}
