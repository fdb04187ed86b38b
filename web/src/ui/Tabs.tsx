import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from './cn';

export interface TabLink {
  to: string;
  label: string;
  disabled?: boolean;
}

/** A row of route tabs; disabled tabs stay visible but cannot be opened. */
export function TabNav({ tabs, label }: { tabs: TabLink[]; label: string }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On narrow screens the bar scrolls: keep the active tab in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={nav} aria-label={label} className="-mx-1 overflow-x-auto border-b border-border">
      <ul className="flex min-w-max gap-1 px-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            {tab.disabled ? (
              <span aria-disabled="true" className="inline-block cursor-not-allowed px-3 py-2 text-sm text-text-muted opacity-50">{tab.label}</span>
            ) : (
              <NavLink
                to={tab.to}
                className={({ isActive }) => cn(
                  'inline-block border-b-2 px-3 py-2 text-sm font-medium',
                  isActive ? 'border-primary text-primary' : 'border-transparent text-text-muted hover:text-text',
                )}
              >
                {tab.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
