import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { service } from '../models/catalogue';
import { day, id, instant } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import { role, staffAcl, staffMember } from '../models/staff';
import type { StaffProperty, StaffPropertyValue } from '../rules/staff';
import { staffPropertyMessages } from '../rules/staffMessages';
import { defineEndpoint } from './endpoint';
import { defineOperation } from './proxy';
import type { Transport } from './transport';

const business = z.object({ id });
const memberPath = z.object({ id, staffId: id });

/** What `staff/add` takes: a new member of the business. The order is the server's (spec 000 §9). */
export const newStaffMember = z.object({
  name: text(60, { trim: true, min: 1, tooShort: MESSAGES.staffNameRequired, tooLong: MESSAGES.staffNameTooLong }),
  full_name: text(120, { trim: true, min: 1, tooShort: MESSAGES.staffFullNameRequired, tooLong: MESSAGES.staffNameTooLong }),
  nickname: z.optional(z.nullable(text(30, { trim: true, tooLong: MESSAGES.staffNicknameTooLong }))),
  username: z.optional(z.nullable(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9._-]{3,32}$/, { error: MESSAGES.invalidStaffUsername })))),
  status: z._default(z.enum(['ACTIVE', 'INACTIVE'], { error: MESSAGES.invalidStaffStatus }), 'ACTIVE'),
  visible_in_appointment: z._default(z.boolean({ error: MESSAGES.mustBeTrueOrFalse }), true),
  schedulerColor: z.optional(z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, { error: MESSAGES.invalidSchedulerColor }))),
  /**
   * A member whose first or full name is already in use (`sameNameMembers`) is refused with 409
   * `NAME_IN_USE` and a message naming the others, unless this is true: ask, then send it again.
   */
  allowSameName: z.optional(z.boolean({ error: MESSAGES.mustBeTrueOrFalse })),
});
export type NewStaffMember = z.input<typeof newStaffMember>;

/** An appointment of a staff member ("artist"), as `artist/{id}/appointments` lists it. */
export const staffAppointment = z.object({
  id,
  staff_id: id,
  service_id: z.nullable(id),
  service_name: z.nullable(z.string()),
  customer_name: z.string(),
  starts_at: instant,
  day,
  duration_minutes: z.int(),
  price: z.int(),
  status: z.string(),
});
export type StaffAppointment = z.infer<typeof staffAppointment>;

/** One row per member of `monthlyreport/{y}/{m}`: the month's appointments, booked minutes and service sales (cents). */
export const staffMonthlyRow = z.object({
  staff_id: id,
  /** The display name, unique within the business. */
  name: z.string(),
  appointments: z.int(),
  completed: z.int(),
  cancelled: z.int(),
  minutes: z.int(),
  revenue: z.int(),
});
export const staffMonthlyReport = z.object({ year: z.int(), month: z.int(), rows: z.array(staffMonthlyRow) });
export type StaffMonthlyReport = z.infer<typeof staffMonthlyReport>;

export const staffEndpoints = {
  list: defineEndpoint({
    name: 'staff.list',
    method: 'GET',
    path: '/protected/business/{id}/getemployees',
    access: 'business',
    permission: 'operation.view-staff',
    params: business,
    /** `deleted=1` lists the deleted members too. */
    query: z.object({ deleted: z.optional(z.enum(['0', '1'], { error: 'Must be 0 or 1' })) }),
    response: z.array(staffMember),
    errorMessage: MESSAGES.failedToFetchEmployees,
  }),
  add: defineEndpoint({
    name: 'staff.add',
    method: 'POST',
    path: '/protected/business/{id}/staff/add',
    access: 'business',
    permission: 'operation.staff',
    params: business,
    body: newStaffMember,
    response: staffMember,
    errorMessage: MESSAGES.failedToUpdateEmployee,
    successMessage: MESSAGES.successfullyAdded,
  }),
  updateProperty: defineEndpoint({
    name: 'staff.updateProperty',
    method: 'POST',
    path: '/protected/business/{id}/staff/{staffId}/property/update',
    access: 'business',
    permission: 'operation.staff',
    params: memberPath,
    /** `id` repeats the member in the path; `value` is checked per key (`parseStaffProperty`). */
    body: z.object({ id, key: text(64, { min: 1 }), value: z.unknown() }),
    response: staffMember,
    errorMessage: MESSAGES.failedToUpdateEmployee,
  }),
  roles: defineEndpoint({
    name: 'staff.roles',
    method: 'GET',
    path: '/protected/business/{id}/allroles',
    access: 'business',
    permission: 'operation.view-staff',
    params: business,
    response: z.array(role),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  services: defineEndpoint({
    name: 'staff.services',
    method: 'GET',
    path: '/protected/business/{id}/getservices',
    access: 'business',
    permission: 'operation.view-service',
    params: business,
    response: z.array(service),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  monthlyReport: defineEndpoint({
    name: 'staff.monthlyReport',
    method: 'GET',
    path: '/protected/business/{id}/monthlyreport/{year}/{month}',
    access: 'business',
    permission: 'operation.view-staff',
    params: z.object({
      id,
      year: wholeNumber(2000, 2100, { tooSmall: 'Must be a year from 2000', tooLarge: 'Must be a year up to 2100' }),
      month: wholeNumber(1, 12, { tooSmall: 'Must be a month from 1 to 12', tooLarge: 'Must be a month from 1 to 12' }),
    }),
    response: staffMonthlyReport,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  appointments: defineEndpoint({
    name: 'staff.appointments',
    method: 'GET',
    path: '/protected/business/{id}/artist/{staffId}/appointments',
    access: 'business',
    permission: 'operation.view-staff',
    params: memberPath,
    /** Days in the business's time zone, both included; default: the 30 days from today. */
    query: z.object({ from: z.optional(day), to: z.optional(day) }),
    response: z.array(staffAppointment),
    errorMessage: MESSAGES.failedToGetAppointmentData,
  }),
} as const;

/** Staff ACL changes go through the generic proxy request (spec 000 §7). */
export const staffOperations = {
  getAcl: /* @__PURE__ */ defineOperation({
    name: 'staff.getAcl',
    method: 'GET',
    dest: 'staff/{staffId}/acl',
    params: z.object({ staffId: id }),
    response: staffAcl,
    permission: 'operation.view-staff',
    errorMessage: MESSAGES.failedToFetchEmployees,
  }),
  updateAcl: /* @__PURE__ */ defineOperation({
    name: 'staff.updateAcl',
    method: 'POST',
    dest: 'staff/{staffId}/acl/update',
    params: z.object({ staffId: id }),
    body: z.object({ acl: staffAcl }),
    response: staffMember,
    permission: 'operation.staff',
    errorMessage: MESSAGES.failedToUpdateEmployee,
    successMessage: MESSAGES.employeeUpdated,
  }),
} as const;

export function staffClient(transport: Transport) {
  return {
    /** The members of a business; `includeDeleted` adds the deleted ones (`deleted=1`). */
    list: (businessId: number, options: { includeDeleted?: boolean } = {}) =>
      transport.request(staffEndpoints.list, { params: { id: businessId }, query: options.includeDeleted ? { deleted: '1' } : {} }),
    create: (businessId: number, member: NewStaffMember) => transport.request(staffEndpoints.add, { params: { id: businessId }, body: member }),
    /** Changes one property; fails with the property's own catalogue message (spec 000 §8). */
    updateProperty: (businessId: number, staffId: number, key: StaffProperty, value: StaffPropertyValue) =>
      transport.request(
        staffEndpoints.updateProperty,
        { params: { id: businessId, staffId }, body: { id: staffId, key, value } },
        { errorMessage: staffPropertyMessages(key).error },
      ),
    roles: (businessId: number) => transport.request(staffEndpoints.roles, { params: { id: businessId } }),
    services: (businessId: number) => transport.request(staffEndpoints.services, { params: { id: businessId } }),
    monthlyReport: (businessId: number, year: number, month: number) =>
      transport.request(staffEndpoints.monthlyReport, { params: { id: businessId, year, month } }),
    appointments: (businessId: number, staffId: number, range: { from?: string; to?: string } = {}) =>
      transport.request(staffEndpoints.appointments, { params: { id: businessId, staffId }, query: range }),
  };
}
