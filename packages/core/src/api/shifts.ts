import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import {
  currentShift,
  type DrawerSettings,
  drawerLog,
  drawerSettings,
  financeDelete,
  financeEntry,
  type FinanceInput,
  financeInput,
  type FinanceUpdate,
  financeUpdate,
  shift,
  type ShiftClose,
  shiftClose,
  type ShiftOpen,
  shiftOpen,
  shiftReopen,
  shiftReport,
} from '../models/shifts';
import { COLUMN_KIND as K } from '../rules/export';
import { SHIFT_FIGURES } from '../rules/figures';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import type { Transport } from './transport';

/**
 * Cash-drawer shifts and finances (spec 001 §7 Shifts, §8). Every path is under
 * `/protected/business/{id}/`, a location's drawer. The shift report (`shifts`) and its export need
 * `reporting.transactionreport`; opening, closing and finances any user of the location (the
 * cashier); reopening a closed shift and saving the drawer settings `setting.editsetting` (a
 * manager). A location has one open drawer at a time. A day's cash sales (the cash tender of the
 * day, as the sales reports take it) go to that day's shifts in order: a closed shift keeps what it
 * froze at close, the open one takes the rest.
 *
 * - `shift/open` (Salondesk's): opens today's drawer with its count, by default what the last shift
 *   left in it (`lastbalance`), else the default float;
 * - `shift/{shiftId}/update` closes an open shift, once: of two closes at once, one closes and the
 *   other is told (409 `shiftAlreadyClosed`); the cash drop follows the §5 rule;
 * - `shift/{shiftId}/reopen` (Salondesk's): a manager reopens a closed shift, with a reason;
 * - finances change only while their shift is open; every change is in `drawerlog/{shiftId}`.
 *
 * Under blind close the expected amount, cash sales and difference of an open shift are never sent
 * (null, `hidden`); the close answers with them once the count is saved.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const shiftParams = z.object({ id, shiftId: id });
const financeParams = z.object({ id, fid: id });

/** The most days `shifts` covers at once (a year and a day). */
export const SHIFT_RANGE_MAX_DAYS = 366;

export const shiftEndpoints = {
  list: defineEndpoint({
    name: 'shifts.list',
    method: 'GET',
    path: `${P}/shifts`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    /** At most `SHIFT_RANGE_MAX_DAYS` business days. */
    query: z.object({ start: day, end: day }),
    response: shiftReport,
    errorMessage: MESSAGES.failedToFetchShiftReport,
  }),
  current: defineEndpoint({
    name: 'shifts.current',
    method: 'GET',
    path: `${P}/shift/current`,
    access: 'business',
    params: business,
    response: currentShift,
    errorMessage: MESSAGES.failedToFetchShiftData,
  }),
  open: defineEndpoint({
    name: 'shifts.open',
    method: 'POST',
    path: `${P}/shift/open`,
    access: 'business',
    params: business,
    body: shiftOpen,
    /** The new shift. 409 when a drawer is already open at the location. */
    response: shift,
    errorMessage: MESSAGES.failedToOpenShift,
    successMessage: MESSAGES.shiftOpenedSuccessfully,
  }),
  get: defineEndpoint({
    name: 'shifts.get',
    method: 'GET',
    path: `${P}/shift/{shiftId}/get`,
    access: 'business',
    params: shiftParams,
    response: shift,
    errorMessage: MESSAGES.failedToFetchShiftData,
  }),
  update: defineEndpoint({
    name: 'shifts.update',
    method: 'POST',
    path: `${P}/shift/{shiftId}/update`,
    access: 'business',
    params: shiftParams,
    body: shiftClose,
    /** The closed shift with its frozen figures (the difference too, under blind close). */
    response: shift,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.shiftUpdated,
  }),
  reopen: defineEndpoint({
    name: 'shifts.reopen',
    method: 'POST',
    path: `${P}/shift/{shiftId}/reopen`,
    access: 'business',
    permission: 'setting.editsetting',
    params: shiftParams,
    body: shiftReopen,
    response: shift,
    errorMessage: MESSAGES.failedToReopenShift,
    successMessage: MESSAGES.shiftReopenedSuccessfully,
  }),
  drawerLog: defineEndpoint({
    name: 'shifts.drawerLog',
    method: 'GET',
    path: `${P}/drawerlog/{shiftId}`,
    access: 'business',
    params: shiftParams,
    response: drawerLog,
    errorMessage: MESSAGES.failedToFetchDrawerLog,
  }),
  addFinance: defineEndpoint({
    name: 'shifts.addFinance',
    method: 'POST',
    path: `${P}/finance/add`,
    access: 'business',
    params: business,
    body: financeInput,
    response: financeEntry,
    errorMessage: MESSAGES.failedToAddFinance,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  updateFinance: defineEndpoint({
    name: 'shifts.updateFinance',
    method: 'POST',
    path: `${P}/finance/{fid}/update`,
    access: 'business',
    params: financeParams,
    body: financeUpdate,
    response: financeEntry,
    errorMessage: MESSAGES.failedToUpdateFinance,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  deleteFinance: defineEndpoint({
    name: 'shifts.deleteFinance',
    method: 'POST',
    path: `${P}/finance/{fid}/delete`,
    access: 'business',
    params: financeParams,
    body: financeDelete,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteFinance,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  settings: defineEndpoint({
    name: 'shifts.settings',
    method: 'GET',
    path: `${P}/shiftsettings/get`,
    access: 'business',
    params: business,
    /** The location's drawer settings, every default filled in. */
    response: drawerSettings,
    errorMessage: MESSAGES.failedToFetchDrawerSettings,
  }),
  updateSettings: defineEndpoint({
    name: 'shifts.updateSettings',
    method: 'POST',
    path: `${P}/shiftsettings/update`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: drawerSettings,
    response: drawerSettings,
    errorMessage: MESSAGES.failedToSaveDrawerSettings,
    successMessage: MESSAGES.drawerSettingsSaved,
  }),
} as const;

const f = SHIFT_FIGURES;

/** The shift report as a file: one row per shift, as the screen lists them. */
export const shiftExports = {
  report: defineExport({
    report: 'shift-report',
    title: 'Shift report',
    path: `${P}/export/shift-report`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    query: { start: day, end: day },
    columns: [
      { key: 'day', label: 'Day', kind: K.DAY },
      { key: 'cashier', label: 'Cashier', kind: K.TEXT },
      { key: 'started_at', label: 'Opened', kind: K.DATETIME },
      { key: 'closed_at', label: 'Closed', kind: K.DATETIME },
      { key: 'duration', label: 'Duration', kind: K.TEXT },
      { key: 'starting_balance', label: f.starting_balance.label, kind: K.MONEY },
      { key: 'cash_sales', label: f.cash_sales.label, kind: K.MONEY },
      { key: 'finances', label: f.finances.label, kind: K.MONEY },
      { key: 'expected', label: f.expected.label, kind: K.MONEY },
      { key: 'counted', label: f.counted.label, kind: K.MONEY },
      { key: 'difference', label: f.difference.label, kind: K.MONEY },
      { key: 'state', label: 'State', kind: K.TEXT },
    ],
  }),
} as const;

export function shiftsClient(transport: Transport) {
  const e = shiftEndpoints;
  const p = (businessId: number) => ({ id: businessId });
  return {
    /** `client.shifts.list(1, '2026-11-01', '2026-11-30')`: every shift of the range with its figures and totals. */
    list: (businessId: number, start: string, end: string) => transport.request(e.list, { params: p(businessId), query: { start, end } }),
    /** `client.shifts.current(1)`: the open shift (or null) and the suggested opening count. */
    current: (businessId: number) => transport.request(e.current, { params: p(businessId) }),
    /** `client.shifts.open(1, { cashier: 7, denominations: [{ key: 'n2000', count: 10 }] })`. */
    open: (businessId: number, body: ShiftOpen) => transport.request(e.open, { params: p(businessId), body }),
    /** `client.shifts.get(1, 42)`. */
    get: (businessId: number, shiftId: number) => transport.request(e.get, { params: { id: businessId, shiftId } }),
    /** `client.shifts.close(1, 42, { closingdenominations: [...], cashdrop: 20000, notes: '' })`: `shift/{shiftId}/update`. */
    close: (businessId: number, shiftId: number, body: ShiftClose) => transport.request(e.update, { params: { id: businessId, shiftId }, body }),
    /** `client.shifts.reopen(1, 42, { reason: 'Recount: a $20 note was in the safe bag' })`. */
    reopen: (businessId: number, shiftId: number, reason: string) => transport.request(e.reopen, { params: { id: businessId, shiftId }, body: { reason } }),
    /** `client.shifts.drawerLog(1, 42)`: every movement of the drawer, in order. */
    drawerLog: (businessId: number, shiftId: number) => transport.request(e.drawerLog, { params: { id: businessId, shiftId } }),
    /** `client.shifts.addFinance(1, { shift_id: 42, category: 'PAIDOUT', amount: 1250, description: 'Milk' })`. */
    addFinance: (businessId: number, body: FinanceInput) => transport.request(e.addFinance, { params: p(businessId), body }),
    /** `client.shifts.updateFinance(1, 9, { amount: 1500, description: 'Receipt said 15.00' })`. */
    updateFinance: (businessId: number, financeId: number, body: FinanceUpdate) => transport.request(e.updateFinance, { params: { id: businessId, fid: financeId }, body }),
    /** `client.shifts.deleteFinance(1, 9, 'Entered twice')`. */
    deleteFinance: (businessId: number, financeId: number, description: string) => transport.request(e.deleteFinance, { params: { id: businessId, fid: financeId }, body: { description } }),
    /** `client.shifts.settings(1)`: default float, difference threshold, blind close. */
    settings: (businessId: number) => transport.request(e.settings, { params: p(businessId) }),
    /** `client.shifts.updateSettings(1, { defaultFloat: 20000, differenceThreshold: 2000, blindClose: true })`. */
    updateSettings: (businessId: number, body: z.input<typeof drawerSettings> | DrawerSettings) => transport.request(e.updateSettings, { params: p(businessId), body }),
  };
}
