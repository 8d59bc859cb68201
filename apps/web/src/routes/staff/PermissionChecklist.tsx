import { impliedByOther, PERMISSION_IMPLIES, PERMISSION_LABEL, permissionGroups, type PermissionKey } from '@salondesk/core';

const GROUPS = permissionGroups();

export interface PermissionChecklistProps {
  /** Names the checkboxes' ids apart when two lists are on one page. */
  idPrefix: string;
  /** The keys chosen. */
  keys: readonly PermissionKey[];
  onChange(keys: PermissionKey[]): void;
  /** Full access is on: every box shows ticked and none can change. */
  full?: boolean;
  /** Whether the person choosing may grant a key (nobody grants what they do not hold). */
  grantable(key: PermissionKey): boolean;
}

/**
 * The permission blocks and units of spec 000 §6 as checkboxes by block: a "manage" key ticks and
 * locks the "view" it includes; a key the chooser cannot grant is greyed out.
 */
export function PermissionChecklist({ idPrefix, keys, onChange, full = false, grantable }: PermissionChecklistProps) {
  const toggle = (key: PermissionKey, on: boolean) => onChange(on ? [...keys, key] : keys.filter((k) => k !== key));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {GROUPS.map((group) => (
        <fieldset key={group.block} disabled={full} className="rounded-xl p-3 ring-1 ring-slate-200 disabled:opacity-70">
          <legend className="px-1 text-sm font-semibold text-slate-900">{group.label}</legend>
          <ul className="mt-1 space-y-1.5">
            {group.keys.map(({ key, label }) => {
              const included = impliedByOther(keys, key);
              const may = grantable(key);
              const by = Object.entries(PERMISSION_IMPLIES).find(([other, implied]) => implied === key && keys.includes(other as PermissionKey))?.[0] as PermissionKey | undefined;
              const id = `${idPrefix}-${key}`;
              const note = included && by ? `Included in ${PERMISSION_LABEL[by]}` : null;
              return (
                <li key={key} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                    checked={full || keys.includes(key) || included}
                    disabled={included || !may}
                    aria-describedby={note ? `${id}-note` : undefined}
                    onChange={(e) => toggle(key, e.target.checked)}
                  />
                  <span>
                    <label htmlFor={id} className={may ? undefined : 'text-slate-500'}>{label}</label>
                    {note ? <span id={`${id}-note`} className="block text-xs text-slate-500">{note}</span> : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
