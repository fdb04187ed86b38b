import { Film, Heart, Home, Info, List, Mail, Search, Settings, Star, Tv, User, Users, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import type { Menu, MenuItem, MenuPosition as Position } from '@app/contracts/appearance-constants';
import { useAuth, useBootstrap, useSetting } from '../../lib/auth';
import { cn } from '../../ui/cn';
import { trans } from '../../lib/i18n';
import { ActionLink, actionHref } from './links';
import { isSwitchedOff } from './switched-routes';

/**
 * Icons a menu item can pick; a small fixed set keeps the site bundle small. A Map: a stored name such as
 * "constructor" must find nothing rather than something to render.
 */
export const MENU_ICONS = new Map<string, LucideIcon>([
  ['home', Home], ['film', Film], ['tv', Tv], ['users', Users], ['star', Star], ['list', List], ['search', Search], ['user', User], ['heart', Heart],
  ['mail', Mail], ['info', Info], ['settings', Settings],
]);

/**
 * Items of every menu placed at a position that the current user may see (roles and permissions), leaving out
 * links to pages the settings have turned off (pricing without subscriptions, register without registration).
 */
export function useMenuItems(position: Position): MenuItem[] {
  const menus = useSetting<Menu[]>('client.menus', []);
  const billing = useSetting<boolean>('client.billing.enable', false);
  const registration = !useSetting<boolean>('client.registration.disable', false);
  const { user, can } = useAuth();
  // A signed-out visitor holds the guests role: an item for guests is theirs (a "Sign in" link, say).
  const { guestRoleIds } = useBootstrap();
  const roleIds = new Set(user ? user.roles.map((r) => r.id) : guestRoleIds);
  return menus.filter((m) => m.positions.includes(position)).flatMap((m) => m.items).filter((item) => {
    if (item.roles.length && !item.roles.some((id) => roleIds.has(id))) return false;
    if (isSwitchedOff(actionHref(item), { billing, registration })) return false;
    return item.permissions.every((p) => can(p));
  });
}

interface Props {
  position: Position;
  className?: string;
  itemClassName?: string;
  /** Vertical lists in sidebars, icons above labels in the mobile bar; a bar (the header) never wraps to a second line. */
  variant?: 'row' | 'bar' | 'column' | 'bottom';
  label?: string;
  /** A navigation landmark of its own (named `label`), unless it sits inside one already (the header's "Main"). */
  landmark?: boolean;
  /** Drawn over a dark picture (the landing page's header) whatever the theme: the text stays the header's white. */
  onDark?: boolean;
}

/** Renders the menus assigned to one position; nothing when none is. */
export function MenuPosition({ position, className, itemClassName, variant = 'row', label, landmark = true, onDark = false }: Props) {
  const items = useMenuItems(position);
  if (!items.length) return null;
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper aria-label={landmark ? label ?? position : undefined} data-menu-position={position} className={className}>
      {/* The bottom bar spreads a few items over the width; more than fit scroll sideways (its nav scrolls) instead of
          squeezing each label into a column of single letters. */}
      <ul className={cn('flex', variant === 'column' ? 'flex-col gap-0.5' : variant === 'bottom' ? 'w-max min-w-full justify-around' : variant === 'bar' ? 'items-center gap-1 whitespace-nowrap' : 'flex-wrap items-center gap-1')}>
        {items.map((item) => {
          const Icon = item.icon ? MENU_ICONS.get(item.icon) : undefined;
          const base = cn(
            'flex items-center rounded-md text-sm hover:bg-hover',
            variant === 'bottom' ? 'flex-col gap-0.5 px-3 py-1.5 text-xs' : 'gap-2 px-3 py-2',
            itemClassName,
          );
          // An operator's label is looked up in the active localization like any text, so "Movies" can read "أفلام".
          const content = <>{Icon && <Icon size={variant === 'bottom' ? '1.25rem' : '1.125rem'} aria-hidden />}<span dir="auto" className={variant === 'bottom' ? 'max-w-24 truncate' : undefined}>{trans(item.label)}</span></>;
          const href = actionHref(item);
          return (
            <li key={item.id}>
              {href.startsWith('/') && !href.startsWith('//') && item.target !== '_blank' ? (
                // The current page's link is marked by its background and weight, in the text colour: the primary colour
                // on the selected background falls below 4.5:1 in the default theme. Over the dark header picture the
                // theme's text colour (near black in a light theme) would vanish: it keeps the header's white there.
                <NavLink to={href} end className={({ isActive }) => cn(base, isActive && (onDark ? 'bg-white/15 font-medium' : 'bg-selected font-medium text-text'))}>{content}</NavLink>
              ) : (
                <ActionLink item={item} className={base}>{content}</ActionLink>
              )}
            </li>
          );
        })}
      </ul>
    </Wrapper>
  );
}
