import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
export { staffPropertyMessages } from './staffMessages';
import { hexColor, STAFF_FILTER, STAFF_STATUS, type StaffFilter, type StaffMember } from '../models/staff';

/**
 * A random integer in [min, max], both included. Injected wherever a rule needs chance, so tests
 * and the demo seed decide it (`(min, max) => min + Math.floor(Math.random() * (max - min + 1))`).
 */
export type RandomInt = (min: number, max: number) => number;

/** The most a new member's order is pushed past the highest one (spec 000 §9). */
export const NEW_STAFF_ORDER_JITTER = 100;

/**
 * The order of a new staff member (spec 000 §9): the highest existing order plus one plus a
 * random number from 0 to 100. With no members the highest order counts as 0.
 */
export function nextStaffOrder(existingOrders: readonly number[], randomInt: RandomInt): number {
  const highest = existingOrders.reduce((max, order) => Math.max(max, order), 0);
  const jitter = randomInt(0, NEW_STAFF_ORDER_JITTER);
  if (!Number.isInteger(jitter) || jitter < 0 || jitter > NEW_STAFF_ORDER_JITTER) {
    throw new RangeError(`randomInt(0, ${NEW_STAFF_ORDER_JITTER}) returned ${jitter}`);
  }
  return highest + 1 + jitter;
}

/** `Math.random` as a `RandomInt` (the server's default source). */
export const mathRandomInt: RandomInt = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

/** The properties `staff/{id}/property/update` may change (spec 000 §7), with their wire keys. */
export const STAFF_PROPERTY = {
  USERNAME: 'username',
  NAME: 'name',
  NICKNAME: 'nickname',
  FULL_NAME: 'full_name',
  STATUS: 'status',
  VISIBLE_IN_APPOINTMENT: 'visible_in_appointment',
  SCHEDULER_COLOR: 'schedulerColor',
  DELETED: 'deleted',
  /** The member's photo: an image of the business's media library, or null for none (issue 18). */
  PHOTO: 'photo_media_id',
} as const;
export type StaffProperty = (typeof STAFF_PROPERTY)[keyof typeof STAFF_PROPERTY];
export const STAFF_PROPERTY_LABEL: Record<StaffProperty, string> = {
  username: 'Username',
  name: 'Name',
  nickname: 'Nickname',
  full_name: 'Full name',
  status: 'Status',
  visible_in_appointment: 'Visible in appointments',
  schedulerColor: 'Scheduler colour',
  deleted: 'Deleted',
  photo_media_id: 'Photo',
};

const trimmed = (schema: z.ZodMiniString<string>) => z.pipe(z.pipe(z.string(), z.transform((s) => s.trim())), schema);
const boolish = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((s) => s === 'true' || s === '1'),
  ),
]);

/** The schema a property's value must pass; the output is what is stored. */
export const STAFF_PROPERTY_VALUE = {
  username: trimmed(z.string().check(z.regex(/^[A-Za-z0-9._-]{3,32}$/, { error: MESSAGES.invalidStaffUsername }))),
  name: trimmed(z.string().check(z.minLength(1, { error: MESSAGES.staffNameRequired }), z.maxLength(60, { error: MESSAGES.staffNameTooLong }))),
  nickname: z.pipe(
    trimmed(z.string().check(z.maxLength(30, { error: MESSAGES.staffNicknameTooLong }))),
    z.transform((s) => (s === '' ? null : s)),
  ),
  full_name: trimmed(z.string().check(z.minLength(1, { error: MESSAGES.staffFullNameRequired }), z.maxLength(120, { error: MESSAGES.staffNameTooLong }))),
  status: z.enum([STAFF_STATUS.ACTIVE, STAFF_STATUS.INACTIVE], { error: MESSAGES.invalidStaffStatus }),
  visible_in_appointment: boolish,
  schedulerColor: z.pipe(hexColor, z.transform((s) => s.toUpperCase())),
  deleted: boolish,
  photo_media_id: z.nullable(id),
} as const;

export type StaffPropertyValue = string | boolean | number | null;

/** Validates one property's new value: the value to store, or the message saying what is wrong. */
export function parseStaffProperty(key: string, value: unknown): { ok: true; key: StaffProperty; value: StaffPropertyValue } | { ok: false; message: string } {
  if (!Object.hasOwn(STAFF_PROPERTY_VALUE, key)) return { ok: false, message: MESSAGES.unknownStaffProperty };
  const property = key as StaffProperty;
  const schema = STAFF_PROPERTY_VALUE[property];
  const parsed = z.safeParse(schema as z.ZodMiniType, value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const message =
      property === 'visible_in_appointment' || property === 'deleted'
        ? MESSAGES.mustBeTrueOrFalse
        : property === 'schedulerColor'
          ? MESSAGES.invalidSchedulerColor
          : property === 'photo_media_id'
            ? MESSAGES.mediaImageNotFound
          : typeof value !== 'string'
            ? MESSAGES.mustBeText
            : (first?.message ?? MESSAGES.invalidRequest);
    return { ok: false, message };
  }
  return { ok: true, key: property, value: parsed.data as StaffPropertyValue };
}

/** Does a member belong in the list under this filter? Deleted members show only under "deleted". */
export function staffMatchesFilter(member: Pick<StaffMember, 'status' | 'deleted'>, filter: StaffFilter): boolean {
  if (filter === STAFF_FILTER.DELETED) return member.deleted;
  if (member.deleted) return false;
  return filter === STAFF_FILTER.ACTIVE ? member.status === STAFF_STATUS.ACTIVE : member.status !== STAFF_STATUS.ACTIVE;
}

/** The list in the scheduler's order: by `order`, then name, then id. */
export const sortStaff = <T extends Pick<StaffMember, 'order' | 'name' | 'id'>>(members: readonly T[]): T[] =>
  [...members].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name) || a.id - b.id);

// ── Display names ─────────────────────────────────────────────────────────────────────────

/** What a display name is made from (spec 000 §3: name, nickname, full_name), and who it is. */
export type NamedStaff = Pick<StaffMember, 'id' | 'name' | 'nickname' | 'full_name'>;

/** Spaces trimmed and runs of white space made one space. */
const tidyName = (text: string | null | undefined): string => (text ?? '').replace(/\s+/gu, ' ').trim();

/**
 * What two names are compared by: Unicode compatibility form, spacing and case ignored, so
 * "Maya  Patel", "maya patel" and "Ｍａｙａ Patel" are the same name to a reader and here.
 */
export const staffNameKey = (text: string): string => tidyName(text.normalize('NFKC')).toLowerCase();

/**
 * The names a member may be shown by, in order of preference: the full name (the first name
 * when there is none), then the nickname (or first name) plus the surname's initial,
 * "Mo P.". Empty ones are left out.
 */
function displayCandidates(member: NamedStaff): string[] {
  const full = tidyName(member.full_name);
  const name = tidyName(member.name);
  const given = tidyName(member.nickname) || name;
  const words = full.split(' ');
  const surname = words.length > 1 ? (words.at(-1) ?? '') : '';
  const initial = surname ? (Array.from(surname.normalize('NFC'))[0] ?? '').toUpperCase() : '';
  const out: string[] = [];
  if (full || name) out.push(full || name);
  if (given) out.push(initial ? `${given} ${initial}.` : given);
  return out;
}

/**
 * The name each member of a roster is shown by, unique within the roster (compared by
 * `staffNameKey`). The rule, applied to the whole roster at once:
 *
 * 1. the full name ("Maya Patel"), when no other member has that full name;
 * 2. otherwise the nickname (else the first name) plus the surname's initial ("Mo P."), when
 *    no other member still to be named has it and no one named at step 1 is called that;
 * 3. otherwise the full name and the member's id ("Maya Patel #12"), with the id repeated in
 *    the rare case that this too is somebody's name.
 *
 * A member's name depends only on the members whose names collide with theirs (and, rarely,
 * on those members' own namesakes): adding, renaming or removing anyone else leaves it as it
 * was. Pass the whole roster, deleted
 * members included, so a report of a past range and today's screens use the same names.
 * The result does not depend on the roster's order.
 */
export function staffDisplayNames(roster: readonly NamedStaff[]): Map<number, string> {
  const byId = new Map<number, NamedStaff>();
  for (const member of roster) byId.set(member.id, member);
  let pending = [...byId.values()].sort((a, b) => a.id - b.id).map((member) => ({ member, candidates: displayCandidates(member) }));
  const names = new Map<number, string>();
  const taken = new Set<string>();
  for (let step = 0; step < 2 && pending.length > 0; step++) {
    const count = new Map<string, number>();
    for (const { candidates } of pending) {
      const candidate = candidates[step];
      if (candidate) count.set(staffNameKey(candidate), (count.get(staffNameKey(candidate)) ?? 0) + 1);
    }
    const named: string[] = [];
    pending = pending.filter(({ member, candidates }) => {
      const candidate = candidates[step];
      if (!candidate) return true;
      const key = staffNameKey(candidate);
      if (count.get(key) !== 1 || taken.has(key)) return true;
      names.set(member.id, candidate);
      named.push(key);
      return false;
    });
    for (const key of named) taken.add(key);
  }
  for (const { member, candidates } of pending) {
    let name = `${candidates[0] ?? 'Staff'} #${member.id}`;
    while (taken.has(staffNameKey(name))) name += ` #${member.id}`;
    names.set(member.id, name);
    taken.add(staffNameKey(name));
  }
  return names;
}

/**
 * The members a new one would be confused with: those with the same first name or the same
 * full name (compared by `staffNameKey`), deleted members included. `staff/add` warns about
 * them before adding a second "Maya".
 */
export function sameNameMembers<T extends Pick<StaffMember, 'name' | 'full_name'>>(roster: readonly T[], candidate: Pick<StaffMember, 'name' | 'full_name'>): T[] {
  const name = staffNameKey(candidate.name);
  const full = staffNameKey(candidate.full_name);
  return roster.filter((m) => (name !== '' && staffNameKey(m.name) === name) || (full !== '' && staffNameKey(m.full_name) === full));
}
