import * as Dialog from '@radix-ui/react-dialog';
import { Menu as MenuIcon, Search, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useBootstrapLoaded } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { keepEscapeForOpenList } from '../../ui/Modal';
import { DropdownAlign } from '../../ui/dropdown-align';
import { Logo } from '../appearance/Logo';
import { MenuPosition, useMenuItems } from '../appearance/MenuPosition';
import { actionHref } from '../appearance/links';
import type { MenuPosition as Position } from '@app/contracts/appearance-constants';
import { ThemeSwitch } from '../appearance/ThemeSwitch';
import { InstantSearch } from '../search/InstantSearch';
import { useKnownUnread } from '../notifications/keys';
import { PAGE_WIDTH } from './page-width';

/** The last few rems of a cut-short menu fade out, in the reading direction. */
const FADE_END = '[mask-image:linear-gradient(to_right,#000_calc(100%-3rem),transparent)] rtl:[mask-image:linear-gradient(to_left,#000_calc(100%-3rem),transparent)]';

/**
 * The catalogue's own sections, always in the header whatever menus the operator built: each one the header's menu
 * does not already link to (the default menu does, after Home), before that menu.
 */
function BrowseLinks({ menu, label, className, itemClassName }: { menu: Position; label?: string; className?: string; itemClassName?: string }) {
  // The header shows the secondary menu beside the primary one: a section linked from either is already there.
  const secondary = useMenuItems('sidebar-secondary');
  const linked = new Set([...useMenuItems(menu), ...(menu === 'sidebar-primary' ? secondary : [])].map(actionHref));
  const item = ({ isActive }: { isActive: boolean }) => cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-hover', isActive && 'text-primary', itemClassName);
  const links = [{ to: '/movies', label: trans('Movies') }, { to: '/series', label: trans('Series') }].filter((l) => !linked.has(l.to));
  if (!links.length) return null;
  const list = <ul className={className}>{links.map((l) => <li key={l.to}><NavLink to={l.to} className={item}>{l.label}</NavLink></li>)}</ul>;
  return label ? <nav aria-label={label}>{list}</nav> : list;
}

/**
 * Whether the header's menu is cut short (more or longer items than the width holds): measured when the header
 * resizes and when the menus change.
 */
function useCrowded(ref: RefObject<HTMLElement | null>): boolean {
  const [crowded, setCrowded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCrowded(el.scrollWidth > el.clientWidth + 1);
    const resized = new ResizeObserver(measure);
    resized.observe(el.parentElement ?? el);
    const changed = new MutationObserver(measure);
    changed.observe(el, { childList: true, subtree: true, characterData: true });
    measure();
    return () => { resized.disconnect(); changed.disconnect(); };
  }, [ref]);
  return crowded;
}

/**
 * Phones (< 768 px), and wider screens whose menu does not fit the header: the menus, search and account buttons in
 * a sheet that slides in from the side.
 */
function MobileMenu({ account, onDark, menu, crowded }: { account: ReactNode; onDark?: boolean; menu: Position; crowded: boolean }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // The bell sits in the sheet: its button says when there is something unread.
  const unread = useKnownUnread();
  const closeRef = useRef<HTMLButtonElement>(null);
  // Any navigation closes the sheet.
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  // Turned or resized past the md breakpoint with menus that fit, the header shows them and hides the sheet's button.
  useEffect(() => {
    if (!open || crowded) return;
    const wide = window.matchMedia('(min-width: 48rem)');
    const onWide = () => { if (wide.matches) setOpen(false); };
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, [open, crowded]);
  // A Radix dialog: it keeps Tab inside the sheet, and Escape in the bell or account menu open in it closes only that
  // menu (the topmost layer), where a document-wide Escape handler closed the whole sheet too.
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <div className={crowded ? undefined : 'md:hidden'}>
        <Dialog.Trigger className={cn('rounded-full p-2 hover:bg-hover', onDark && 'text-white hover:bg-white/10')}
          aria-label={unread ? trans('Open menu (:count unread notifications)', { count: unread }) : trans('Open menu')}>
          <span className="relative block">
            <MenuIcon size="1.375rem" aria-hidden />
            {unread > 0 && <span aria-hidden className="absolute -end-0.5 -top-0.5 h-2.5 w-2.5 rounded-full bg-primary ring-2 ring-bg-elevated" />}
          </span>
        </Dialog.Trigger>
      </div>
      {/* In body, not in the header: the header's backdrop blur makes it the containing block of anything fixed
          inside it, which cut the sheet down to the header's 64 px. */}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content aria-describedby={undefined}
          onOpenAutoFocus={(e) => { e.preventDefault(); closeRef.current?.focus(); }}
          onEscapeKeyDown={keepEscapeForOpenList}
          className="fixed inset-y-0 end-0 z-50 flex w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto bg-bg-elevated p-4 text-text shadow-2xl">
          <Dialog.Title className="sr-only">{trans('Menu')}</Dialog.Title>
          <div className="flex items-center justify-between">
            <Logo />
            <Dialog.Close ref={closeRef} className="rounded-full p-2 hover:bg-hover" aria-label={trans('Close menu')}>
              <X size="1.375rem" aria-hidden />
            </Dialog.Close>
          </div>
          <InstantSearch onNavigate={() => setOpen(false)} />
          <BrowseLinks menu={menu} label={trans('Browse')} className="flex flex-col" itemClassName="block text-base" />
          <MenuPosition position={menu} variant="column" label={trans('Primary')} />
          {menu === 'sidebar-primary' && <MenuPosition position="sidebar-secondary" variant="column" label={trans('Secondary')} className="border-t border-border pt-3" />}
          <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-4">
            <ThemeSwitch />
            <DropdownAlign.Provider value="start">{account}</DropdownAlign.Provider>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The sticky header on every public page: logo, browse links and the operator's primary menu, the instant
 * search and the account buttons; below 768 px a search button and the menu sheet instead. `overlay` draws it
 * transparent over the landing page's header image.
 */
export function SiteHeader({ account, overlay = false, menu = 'sidebar-primary' }: { account: ReactNode; overlay?: boolean; menu?: Position }) {
  // The site's name, logo and menus come with the visitor's bootstrap: drawn before it, the menu and search box moved
  // along the bar as they arrived. Until then the bar keeps its height, empty.
  const loaded = useBootstrapLoaded();
  return (
    <header className={cn('sticky top-0 z-30',
      overlay ? 'bg-gradient-to-b from-black/80 to-transparent text-white' : 'border-b border-border bg-bg-elevated/95 backdrop-blur')}>
      {/* The page's own column: the logo starts, and the account buttons end, where the page and the footer do. */}
      <div className={cn(PAGE_WIDTH, 'flex h-16 items-center gap-3')}>
        {loaded && <HeaderBar account={account} overlay={overlay} menu={menu} />}
      </div>
    </header>
  );
}

/** The header's contents, once the visitor's bootstrap is in. */
function HeaderBar({ account, overlay, menu }: { account: ReactNode; overlay: boolean; menu: Position }) {
  const nav = useRef<HTMLElement>(null);
  const crowded = useCrowded(nav);
  return (
    <>
      <Logo className={cn('shrink-0', overlay && 'text-white')} />
      {/* One line whatever the menus and the language: longer labels narrow the search box; a menu that still does not
          fit fades out at its end and the menu button beside the account offers all of it. */}
      <nav ref={nav} aria-label={trans('Main')} className={cn('hidden min-w-0 items-center gap-1 overflow-hidden whitespace-nowrap md:flex', crowded && FADE_END)}>
        <BrowseLinks menu={menu} className="flex items-center gap-1" itemClassName={overlay ? 'hover:bg-white/10' : undefined} />
        {/* Parts of the one "Main" landmark, not landmarks nested in it. */}
        <MenuPosition position={menu} variant="bar" landmark={false} itemClassName={overlay ? 'hover:bg-white/10' : undefined} onDark={overlay} />
        {menu === 'sidebar-primary' && <MenuPosition position="sidebar-secondary" variant="bar" landmark={false} />}
      </nav>
      {/* The search box takes the room the menu leaves; below 1280 px a search button stands in for it. */}
      <InstantSearch className={cn('ms-auto hidden min-w-36 max-w-sm flex-1 xl:block', overlay && 'text-text')} />
      <div className="ms-auto flex items-center gap-1 xl:hidden">
        <Link to="/search" className={cn('rounded-full p-2 hover:bg-hover', overlay && 'hover:bg-white/10')} aria-label={trans('Search')}><Search size="1.25rem" aria-hidden /></Link>
      </div>
      <MobileMenu account={account} onDark={overlay} menu={menu} crowded={crowded} />
      <nav className="hidden shrink-0 items-center gap-2 whitespace-nowrap md:flex" aria-label={trans('Account')}>
        <ThemeSwitch />
        {account}
      </nav>
    </>
  );
}
