import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useAuth, useBootstrap } from '../lib/auth';
import { trans } from '../lib/i18n';
import { AccountMenu } from '../ui/AccountMenu';
import { ACTIVE_NAV_ITEM, cn } from '../ui/cn';
import { ADMIN_MENU } from './admin-menu';
import { MenuPosition } from '../site/appearance/MenuPosition';
import { MAIN_ID, SkipLink, useFocusHeadingOnNavigate } from '../ui/RouteFocus';

const MOBILE_QUERY = '(max-width: 1024px)';
const COMPACT_KEY = 'sidebar-compact:admin';

function useIsMobile() {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(MOBILE_QUERY);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
  );
}

export function Component() {
  const { can } = useAuth();
  const { version } = useBootstrap();
  const isMobile = useIsMobile();
  const location = useLocation();
  const [compact, setCompact] = useState(() => localStorage.getItem(COMPACT_KEY) === '1');
  const [mobileOpen, setMobileOpen] = useState(false);
  useFocusHeadingOnNavigate();

  useEffect(() => setMobileOpen(false), [location.pathname, isMobile]);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const toggle = () => {
    if (isMobile) return setMobileOpen((o) => !o);
    setCompact((c) => {
      localStorage.setItem(COMPACT_KEY, c ? '0' : '1');
      return !c;
    });
  };

  const isCompact = !isMobile && compact;
  const items = ADMIN_MENU.filter((i) => i.permission === null || can(i.permission));
  const sidebarVisible = !isMobile || mobileOpen;

  return (
    <div className="flex h-full flex-col">
      <SkipLink />
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-bg-elevated px-3">
        <button
          type="button"
          onClick={toggle}
          className="rounded-md p-2 hover:bg-hover"
          aria-label={isMobile ? trans('Toggle menu') : isCompact ? trans('Expand sidebar') : trans('Collapse sidebar')}
          aria-expanded={isMobile ? mobileOpen : !isCompact}
          aria-controls="admin-sidebar"
        >
          {isMobile ? <Menu size={20} aria-hidden /> : isCompact ? <PanelLeftOpen size={20} aria-hidden /> : <PanelLeftClose size={20} aria-hidden />}
        </button>
        <Link to="/admin" className="text-base font-semibold">{trans('Admin')}</Link>
        <MenuPosition position="admin-navbar" label={trans('Admin navbar')} className="ms-4 hidden md:block" />
        <div className="ms-auto"><AccountMenu showAdminLink={false} /></div>
      </header>
      <div className="relative flex min-h-0 flex-1">
        {isMobile && mobileOpen && (
          <div className="fixed inset-0 top-14 z-30 bg-black/40" onClick={() => setMobileOpen(false)} aria-hidden />
        )}
        {sidebarVisible && (
          <nav
            id="admin-sidebar"
            aria-label={trans('Admin menu')}
            data-compact={isCompact || undefined}
            className={cn(
              'flex shrink-0 flex-col border-e border-border bg-bg-alt',
              isMobile ? 'fixed bottom-0 start-0 top-14 z-40 w-56 shadow-xl' : isCompact ? 'w-20' : 'w-56 xl:w-60 2xl:w-72',
            )}
          >
            <ul className="flex-1 overflow-y-auto p-2">
              {items.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    end={item.path === '/admin'}
                    title={isCompact ? item.label() : undefined}
                    aria-label={isCompact ? item.label() : undefined}
                    className={({ isActive }) => cn(
                      'flex h-10 items-center gap-3 rounded-md px-3 text-sm',
                      isCompact && 'justify-center px-0',
                      isActive ? ACTIVE_NAV_ITEM : 'text-text hover:bg-hover',
                    )}
                  >
                    <item.icon size={20} aria-hidden className="shrink-0" />
                    {!isCompact && <span className="truncate">{item.label()}</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
            {!isCompact && <MenuPosition position="admin-sidebar" variant="column" label={trans('Admin sidebar')} className="border-t border-border p-2" />}
            <div className={cn('border-t border-border px-3 py-3 text-xs text-text-muted', isCompact && 'text-center')} data-testid="app-version">
              {isCompact ? `v${version}` : trans('Version: :version', { version })}
            </div>
          </nav>
        )}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
