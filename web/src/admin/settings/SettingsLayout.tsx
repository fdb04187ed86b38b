import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { ACTIVE_NAV_ITEM, cn } from '../../ui/cn';
import { Select } from '../../ui/fields';

/** Every settings page (Part A section 2), then the appearance pages the settings menu links to. */
export const SETTINGS_PAGES: { path: string; label: () => string }[] = [
  { path: 'general', label: () => trans('General') },
  { path: 'search', label: () => trans('Search') },
  { path: 'content', label: () => trans('Content') },
  { path: 'videos', label: () => trans('Videos') },
  { path: 'subscriptions', label: () => trans('Subscriptions') },
  { path: 'localization', label: () => trans('Localization') },
  { path: 'authentication', label: () => trans('Authentication') },
  { path: 'uploading', label: () => trans('Uploading') },
  { path: 'mail', label: () => trans('Mail') },
  { path: 'cache', label: () => trans('Cache') },
  { path: 'analytics', label: () => trans('Analytics') },
  { path: 'logging', label: () => trans('Logging') },
  { path: 'queue', label: () => trans('Queue') },
  { path: 'recaptcha', label: () => trans('Recaptcha') },
  { path: 'gdpr', label: () => trans('GDPR') },
];

const APPEARANCE_LINKS: { to: string; label: () => string }[] = [
  { to: '/admin/appearance/menus', label: () => trans('Menus') },
  { to: '/admin/appearance/seo-settings', label: () => trans('SEO settings') },
  { to: '/admin/appearance/themes', label: () => trans('Themes') },
];

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  // The appearance editor needs its own permission: without it these links would only lead to a 403 page.
  const appearance = useAuth().can('appearance.update') ? APPEARANCE_LINKS : [];
  const current = location.pathname.split('/')[3] ?? 'general';
  const itemClass = ({ isActive }: { isActive: boolean }) => cn('flex h-9 items-center gap-2 rounded-md px-3 text-sm', isActive ? ACTIVE_NAV_ITEM : 'hover:bg-hover');
  return (
    <div className="flex flex-col gap-4 p-4 desk:flex-row desk:gap-8 desk:p-8">
      {/* Small screens: the menu is a dropdown. */}
      <div className="desk:hidden">
        <Select
          label={trans('Settings page')}
          options={[
            ...SETTINGS_PAGES.map((p) => ({ value: `/admin/settings/${p.path}`, label: p.label() })),
            ...appearance.map((l) => ({ value: l.to, label: l.label() })),
          ]}
          value={`/admin/settings/${current}`}
          onChange={(e) => navigate(e.target.value)}
        />
      </div>
      <nav aria-label={trans('Settings menu')} className="hidden w-52 shrink-0 desk:block">
        <ul className="flex flex-col gap-0.5">
          {SETTINGS_PAGES.map((p) => (
            <li key={p.path}><NavLink to={`/admin/settings/${p.path}`} className={itemClass}>{p.label()}</NavLink></li>
          ))}
        </ul>
        {appearance.length > 0 && (
          <ul className="mt-3 flex flex-col gap-0.5 border-t border-border pt-3">
            {appearance.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={itemClass}>{l.label()}<ChevronRight size={14} aria-hidden className="ms-auto text-text-muted rtl:-scale-x-100" /></NavLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
