import { z } from 'zod/mini';
import { id } from './ids';

/** A staff member's status (spec 000 §3: ACTIVE or other). */
export const STAFF_STATUS = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;
export type StaffStatus = (typeof STAFF_STATUS)[keyof typeof STAFF_STATUS];
export const STAFF_STATUS_LABEL: Record<StaffStatus, string> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

/** The staff list's filters: active, inactive, and the deleted ones (fetched with `deleted=1`). */
export const STAFF_FILTER = { ACTIVE: 'active', INACTIVE: 'inactive', DELETED: 'deleted' } as const;
export type StaffFilter = (typeof STAFF_FILTER)[keyof typeof STAFF_FILTER];
export const STAFF_FILTER_LABEL: Record<StaffFilter, string> = { active: 'Active', inactive: 'Inactive', deleted: 'Deleted' };

/** A scheduler colour, `#RRGGBB`. */
export const hexColor = z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Must be a colour as #RRGGBB' }));

/** What a staff member may do in the dashboard: permission blocks, units and restrictions (spec 000 §6). */
export const staffAcl = z.object({
  blocks: z._default(z.array(z.string()), () => []),
  units: z._default(z.record(z.string(), z.array(z.string())), () => ({})),
  restrictions: z._default(z.array(z.string()), () => []),
});
export type StaffAcl = z.infer<typeof staffAcl>;

/** A staff member (spec 000 §3). */
export const staffMember = z.object({
  id,
  business_id: id,
  username: z.nullable(z.string()),
  name: z.string(),
  nickname: z.nullable(z.string()),
  full_name: z.string(),
  /** The name the dashboard shows for this member, unique within the business (core's `staffDisplayNames` over the whole roster, deleted members included). */
  display_name: z.string(),
  status: z.string(),
  order: z.int(),
  attributes: z.looseObject({ schedulerColor: z.optional(z.string()) }),
  visible_in_appointment: z.boolean(),
  deleted: z.boolean(),
  deleted_at: z.nullable(z.string()),
  acl: staffAcl,
  /** The member's photo from the media library (issue 18), and its square thumbnail's address (signed). */
  photo_media_id: z.nullable(id),
  photo_url: z.nullable(z.string()),
});
export type StaffMember = z.infer<typeof staffMember>;

/** A role with the default blocks and units it adds to an acl (`allroles`). */
export const role = z.object({
  id,
  name: z.string(),
  label: z.string(),
  params: z.object({
    blocks: z.optional(z.array(z.string())),
    units: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type RoleRow = z.infer<typeof role>;
