import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { type PayrollInfo, payrollInfo } from '../models/payroll';
import { payrollData } from '../models/payrollReport';
import { COLUMN_KIND as K } from '../rules/export';
import { PAYROLL_FIGURES } from '../rules/figures';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import type { Transport } from './transport';

/**
 * Payroll (spec 001 §7 Payroll and reports): the payroll settings (`payrollinfo/get`, `/update`:
 * break rule, timesheet settings, overtime, pay period and the start of the open pay period) and
 * payroll per employee with the services each sold (`payrolldata/withservicedetail`). Every call
 * needs `payroll.staffreport`. Moving `lastPayoutStartDate` later closes a pay period, earlier
 * reopens one; either is written to the timesheet activity.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const range = { start: day, end: day };

export const payrollEndpoints = {
  info: defineEndpoint({
    name: 'payroll.info',
    method: 'GET',
    path: `${P}/payrollinfo/get`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: business,
    /** The settings with every default filled in; `lastPayoutStartDate` null before a pay period was ever closed. */
    response: payrollInfo,
    errorMessage: MESSAGES.failedToFetchPayrollDetail,
  }),
  update: defineEndpoint({
    name: 'payroll.update',
    method: 'POST',
    path: `${P}/payrollinfo/update`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: business,
    body: payrollInfo,
    /** The settings as saved. Nothing changes when the update is refused. */
    response: payrollInfo,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.payrollUpdated,
  }),
  data: defineEndpoint({
    name: 'payroll.data',
    method: 'GET',
    path: `${P}/payrolldata/withservicedetail`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: business,
    query: z.object(range),
    response: payrollData,
    errorMessage: MESSAGES.failedToFetchPayrollData,
  }),
} as const;

const f = PAYROLL_FIGURES;

/** The payroll as files: one row per staff member with every figure, and the services each sold. */
export const payrollExports = {
  payroll: defineExport({
    report: 'payroll',
    title: 'Payroll',
    path: `${P}/export/payroll`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: business,
    query: range,
    columns: [
      { key: 'staff', label: 'Staff', kind: K.TEXT },
      { key: 'hours', label: f.hours.label, kind: K.DECIMAL },
      { key: 'breakHours', label: f.breakHours.label, kind: K.DECIMAL },
      { key: 'hoursAfterBreak', label: f.hoursAfterBreak.label, kind: K.DECIMAL },
      { key: 'overtimeHours', label: f.overtimeHours.label, kind: K.DECIMAL },
      { key: 'tickets', label: f.tickets.label, kind: K.COUNT },
      { key: 'salesBeforeDiscount', label: f.salesBeforeDiscount.label, kind: K.MONEY },
      { key: 'salesAfterDiscount', label: f.salesAfterDiscount.label, kind: K.MONEY },
      { key: 'tip', label: f.tip.label, kind: K.MONEY },
      { key: 'serviceQuantity', label: f.serviceQuantity.label, kind: K.COUNT },
      { key: 'serviceSales', label: f.serviceSales.label, kind: K.MONEY },
      { key: 'retailQuantity', label: f.retailQuantity.label, kind: K.COUNT },
      { key: 'retailSales', label: f.retailSales.label, kind: K.MONEY },
      { key: 'prepaidQuantity', label: f.prepaidQuantity.label, kind: K.COUNT },
      { key: 'prepaidSales', label: f.prepaidSales.label, kind: K.MONEY },
    ],
  }),
  services: defineExport({
    report: 'payroll-services',
    title: 'Payroll services',
    path: `${P}/export/payroll-services`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: business,
    query: range,
    columns: [
      { key: 'staff', label: 'Staff', kind: K.TEXT },
      { key: 'service', label: 'Service', kind: K.TEXT },
      { key: 'quantity', label: 'Quantity', kind: K.COUNT },
      { key: 'sales', label: f.serviceSales.label, kind: K.MONEY },
    ],
  }),
} as const;

export function payrollClient(transport: Transport) {
  const e = payrollEndpoints;
  return {
    /** `client.payroll.info(1)` → `{ settings, payrollHourSettings, lastPayoutStartDate }`. */
    info: (businessId: number) => transport.request(e.info, { params: { id: businessId } }),
    /** `client.payroll.update(1, { ...info, settings: { ...info.settings, breakMinutes: 30 } })`; closing a period moves `lastPayoutStartDate` to the next period's start. */
    update: (businessId: number, body: z.input<typeof payrollInfo> | PayrollInfo) => transport.request(e.update, { params: { id: businessId }, body }),
    /** `client.payroll.data(1, '2026-03-01', '2026-03-14')`: payroll per employee with the services each sold. */
    data: (businessId: number, start: string, end: string) => transport.request(e.data, { params: { id: businessId }, query: { start, end } }),
  };
}
