import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { cx } from './cx';

export interface UserMenuProps {
  name: string;
  email?: string;
  /** The role's label ("Owner", "Platform admin"). */
  role?: string;
  onLogout: () => void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** The signed-in person's menu: who they are and Logout. */
export function UserMenu({ name, email, role, onLogout }: UserMenuProps) {
  return (
    <Menu>
      <MenuButton
        className={cx(
          'flex h-9 items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:pr-3',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-open:bg-slate-100',
        )}
      >
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-slate-800 text-xs font-semibold text-white">
          {initials(name)}
        </span>
        <span className="sr-only">Account: </span>
        <span className="sr-only sm:not-sr-only">{name}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className="z-50 w-60 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <div className="px-3 py-2">
          <p className="truncate font-medium text-slate-900">{name}</p>
          {email ? <p className="truncate text-xs text-slate-500">{email}</p> : null}
          {role ? <p className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-[0.7rem] font-medium text-slate-600">{role}</p> : null}
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <button
            type="button"
            onClick={onLogout}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900"
          >
            <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M12.5 6V4.5A1.5 1.5 0 0 0 11 3H5a1.5 1.5 0 0 0-1.5 1.5v11A1.5 1.5 0 0 0 5 17h6a1.5 1.5 0 0 0 1.5-1.5V14M9 10h8.5m0 0-2.5-2.5m2.5 2.5-2.5 2.5" />
            </svg>
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
