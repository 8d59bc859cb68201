import { businessIdFromPath, businessPath, isAdmin, MESSAGES, ROLE_LABEL, switchBusinessPath, type Role } from '@salondesk/core';
import { useAdminBusinesses, useBusiness, useSession } from '@salondesk/react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AdminNotificationsBell } from '../../../app/AdminNotificationsBell';
import { ButtonLink } from '../../../app/ButtonLink';
import { mayOpenScreen, navEntriesFor, navItems as navItemsFor } from '../../../app/navigation';
import { reachableWhenSuspendedPath, suspensionView } from '../../../app/suspension';
import { useBusinessLive } from '../../../app/useBusinessLive';
import { useDashboardStream } from '../../../app/useDashboardStream';
import { AppHeader } from '../../../ui/AppHeader';
import { BusinessSwitcher, type BusinessOption } from '../../../ui/BusinessSwitcher';
import { EmptyState } from '../../../ui/EmptyState';
import { Logo } from '../../../ui/Logo';
import { SideNav, type NavLinkComponent } from '../../../ui/SideNav';
import { UserMenu } from '../../../ui/UserMenu';
import { NotFound } from '../../system/system-not-found/NotFound';

const RouterLink: NavLinkComponent = ({ href, ...rest }) => <Link to={href} {...rest} />;

/** `/{businessId}/*`: the dashboard frame (header, business switcher, account menu) around a business screen. */
export function Component() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { session, logout, selectBusiness } = useSession();
  const admin = session !== null && isAdmin(session.user);
  const adminBusinesses = useAdminBusinesses();
  const businessId = businessIdFromPath(pathname);
  // Its report settings decide which daily and period reports the navigation offers.
  const business = useBusiness(businessId ?? 0);
  // Everyone signed in connects: admins hear their notifications, everyone the business shown.
  const stream = useDashboardStream(session !== null);
  useBusinessLive(stream, businessId);

  if (businessId === null) return <NotFound />;
  if (session === null) return null; // the guard is already on its way to /login

  const businesses = admin && adminBusinesses.data ? adminBusinesses.data : session.businesses;
  const options: BusinessOption[] = businesses.map((b) => ({ id: b.id, name: b.name, detail: b.timezone }));
  const suspension = suspensionView(business.data, businessId, admin);
  const navItems = navItemsFor(session.user, businessId, pathname, navEntriesFor(business.data?.reportsettings)).filter(
    (item) => !suspension.onlyBilling || reachableWhenSuspendedPath(item.href),
  );
  const mayOpen = mayOpenScreen(session.user, businessId, pathname);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader
        brand={
          <Link to={businessPath(businessId)} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600">
            <Logo />
          </Link>
        }
        center={
          options.length > 1 ? (
            <BusinessSwitcher
              businesses={options}
              value={businessId}
              onChange={(id) => {
                selectBusiness(id);
                void navigate(switchBusinessPath(pathname, id) + search);
              }}
            />
          ) : options[0] ? (
            <span className="block truncate text-sm font-medium text-slate-700">{options[0].name}</span>
          ) : null
        }
        end={
          <div className="flex items-center gap-1 sm:gap-2">
            {admin ? <AdminNotificationsBell stream={stream} businessId={businessId} toastArrivals={!pathname.endsWith('/admin/notifications')} /> : null}
            <UserMenu
              name={session.user.fullname}
              email={session.user.email}
              role={ROLE_LABEL[session.user.role as Role] ?? session.user.role}
              onLogout={() => void logout()}
            />
          </div>
        }
      />
      {suspension.banner}
      <div className="mx-auto max-w-7xl md:grid md:grid-cols-[13rem_minmax(0,1fr)] print:block">
        <div className="md:sticky md:top-14 md:h-[calc(100dvh-3.5rem)] md:overflow-y-auto print:hidden">
          <SideNav items={navItems} link={RouterLink} />
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
          {suspension.onlyBilling && !reachableWhenSuspendedPath(pathname) ? (
            suspension.heldBack
          ) : mayOpen ? (
            <Outlet />
          ) : (
            <div className="px-4 py-8 sm:px-6">
              <EmptyState
                tone="error"
                headingLevel={1}
                title={MESSAGES.notAuthorized}
                description={MESSAGES.pageNotAuthorized}
                actions={<ButtonLink to={businessPath(businessId, 'home')}>Go to Home</ButtonLink>}
              />
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
