import type { ComponentType, ReactNode } from 'react';
import { cx } from './cx';

export interface SideNavItem {
  key: string;
  label: string;
  href: string;
  current: boolean;
  icon?: ReactNode;
}

/** What renders a link: a router's `Link` in the app, a plain anchor in stories. */
export type NavLinkComponent = ComponentType<{
  href: string;
  className: string;
  'aria-current'?: 'page';
  children: ReactNode;
}>;

const PlainLink: NavLinkComponent = ({ href, children, ...rest }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);

export interface SideNavProps {
  items: SideNavItem[];
  /** Accessible name of the navigation landmark. */
  label?: string;
  link?: NavLinkComponent;
}

/**
 * The dashboard's section navigation: a column beside the content from `md` up, a scrolling row
 * under the header on narrow screens. The current section is marked with `aria-current`.
 */
export function SideNav({ items, label = 'Sections', link: Link = PlainLink }: SideNavProps) {
  return (
    <nav aria-label={label} className="border-b border-slate-200 bg-white md:border-r md:border-b-0 md:bg-transparent">
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:overflow-visible md:px-3 md:py-4">
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <Link
              href={item.href}
              aria-current={item.current ? 'page' : undefined}
              className={cx(
                'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                item.current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              {item.icon ? (
                <span aria-hidden="true" className="size-4 shrink-0">
                  {item.icon}
                </span>
              ) : null}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
