import type { StaffAcl } from '../models/staff';
import { UNRESTRICTED } from '../models/user';
import { can, PERMISSION_IMPLIES, PERMISSION_KEYS, PERMISSION_LABEL, type PermissionKey } from './acl';

/** The permission blocks of spec 000 §6, as the staff access editor groups them. */
export const PERMISSION_BLOCK_LABEL: Record<string, string> = {
  operation: 'Operations',
  reporting: 'Reports',
  payroll: 'Payroll',
  setting: 'Settings',
  customer: 'Customers',
  locations: 'Locations',
};

const split = (key: string): [block: string, unit: string | undefined] => {
  const dot = key.indexOf('.');
  return dot === -1 ? [key, undefined] : [key.slice(0, dot), key.slice(dot + 1)];
};

const KNOWN_BLOCKS = new Set(PERMISSION_KEYS.map((k) => split(k)[0]));
const KNOWN_UNITS = new Set<string>(PERMISSION_KEYS.filter((k) => split(k)[1] !== undefined));
/** Blocks that are a permission by themselves (`customer`): present means granted. */
const BARE_BLOCKS = new Set<string>(PERMISSION_KEYS.filter((k) => split(k)[1] === undefined));

/** The permission keys by block, in catalogue order, with their labels (for the editor). */
export function permissionGroups(): { block: string; label: string; keys: { key: PermissionKey; label: string }[] }[] {
  const groups = new Map<string, { key: PermissionKey; label: string }[]>();
  for (const key of PERMISSION_KEYS) {
    const block = split(key)[0];
    groups.set(block, [...(groups.get(block) ?? []), { key, label: PERMISSION_LABEL[key] }]);
  }
  return [...groups].map(([block, keys]) => ({ block, label: PERMISSION_BLOCK_LABEL[block] ?? block, keys }));
}

const asAcl = (acl: StaffAcl) => ({ ...acl, multiLocation: false, custom: [] as number[] });

/**
 * The keys a member's acl grants by itself (its blocks and units, minus restrictions), not
 * counting what `unrestricted` or a "manage" key implies: the editor's ticked boxes.
 */
export function grantedPermissions(acl: StaffAcl): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => {
    if (acl.restrictions.includes(key)) return false;
    const [block, unit] = split(key);
    if (!acl.blocks.includes(block)) return false;
    return unit === undefined || (acl.units[block]?.includes(unit) ?? false);
  });
}

/** A key the member holds only because a chosen "manage" key includes it ("View staff" under "Manage staff"). */
export const impliedByOther = (chosen: readonly PermissionKey[], key: PermissionKey): boolean =>
  chosen.some((other) => other !== key && PERMISSION_IMPLIES[other] === key);

/**
 * The acl granting exactly `keys` among the catalogue's permissions. What the catalogue does not
 * name is kept as it was (`unrestricted`, other blocks and units); a restriction on a key now
 * granted, or included in one (a "view" under its "manage"), is lifted, so what the editor shows
 * as granted is granted.
 */
export function aclWithPermissions(acl: StaffAcl, keys: readonly PermissionKey[]): StaffAcl {
  const chosen = new Set(keys);
  const units: Record<string, string[]> = {};
  for (const [block, list] of Object.entries(acl.units)) {
    const kept = list.filter((unit) => !KNOWN_UNITS.has(`${block}.${unit}`));
    if (kept.length > 0) units[block] = kept;
  }
  const blocks = new Set(acl.blocks.filter((b) => !KNOWN_BLOCKS.has(b)));
  for (const key of PERMISSION_KEYS) {
    if (!chosen.has(key)) continue;
    const [block, unit] = split(key);
    blocks.add(block);
    if (unit !== undefined) units[block] = [...(units[block] ?? []), unit];
  }
  // A known block that still carries units the catalogue does not name stays, so they keep working
  // (not a bare block: there the block itself is the permission).
  for (const block of Object.keys(units)) if (KNOWN_BLOCKS.has(block) && !BARE_BLOCKS.has(block) && acl.blocks.includes(block)) blocks.add(block);
  const lifted = (r: string) => chosen.has(r as PermissionKey) || impliedByOther(keys, r as PermissionKey);
  return { blocks: [...blocks], units, restrictions: acl.restrictions.filter((r) => !lifted(r)) };
}

/** Does the acl hold `unrestricted` (every permission)? */
export const aclIsUnrestricted = (acl: StaffAcl): boolean => acl.blocks.includes(UNRESTRICTED);

/** The acl with `unrestricted` added or removed; everything else stays. */
export const aclWithUnrestricted = (acl: StaffAcl, on: boolean): StaffAcl => ({
  ...acl,
  blocks: on ? [...new Set([...acl.blocks, UNRESTRICTED])] : acl.blocks.filter((b) => b !== UNRESTRICTED),
});

/** What the member may do with this acl (core's `can`), for a summary. */
export const staffAclCan = (acl: StaffAcl, key: PermissionKey): boolean => can(asAcl(acl), key);
