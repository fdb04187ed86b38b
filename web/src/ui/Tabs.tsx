import { useEffect, useId } from 'react';
import { NavLink, useLocation } from 'react-router';
import { pageIsRtl } from '../lib/direction';
import { cn } from './cn';
import { useRowScroll } from './row-scroll';

export interface TabLink {
  to: string;
  label: string;
  disabled?: boolean;
}

/** The bar's edges fade where more tabs lie beyond them, so a cut-off tab reads as "scroll for more". */
function edgeMask(overflows: boolean, atStart: boolean, atEnd: boolean): string | undefined {
  if (!overflows) return undefined;
  const rtl = pageIsRtl();
  const [left, right] = rtl ? [!atEnd, !atStart] : [!atStart, !atEnd];
  if (!left && !right) return undefined;
  return `linear-gradient(to right, ${left ? 'transparent, #000 2.5rem' : '#000'}, ${right ? '#000 calc(100% - 2.5rem), transparent' : '#000'})`;
}

/**
 * A row of route tabs; disabled tabs stay visible but cannot be opened. They stay in the Tab order as disabled links
 * so screen readers reach them and hear `disabledHint` (why, e.g. 'Save the title first'), as a tooltip to the mouse.
 */
export function TabNav({ tabs, label, disabledHint }: { tabs: TabLink[]; label: string; disabledHint?: string }) {
  const hintId = useId();
  const { ref: nav, overflows, atStart, atEnd } = useRowScroll<HTMLElement>(tabs.length);
  const { pathname } = useLocation();
  // On narrow screens the bar scrolls: keep the active tab in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, nav]);
  const mask = edgeMask(overflows, atStart, atEnd);
  return (
    <nav ref={nav} aria-label={label} className="-mx-1 overflow-x-auto border-b border-border" style={mask ? { maskImage: mask } : undefined}>
      <ul className="flex min-w-max gap-1 px-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            {tab.disabled ? (
              <span role="link" aria-disabled="true" tabIndex={0} title={disabledHint} aria-describedby={disabledHint ? hintId : undefined}
                className="inline-block cursor-not-allowed rounded px-2.5 py-2 text-sm text-text-muted opacity-50 outline-none focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary">{tab.label}</span>
            ) : (
              <NavLink
                to={tab.to}
                className={({ isActive }) => cn(
                  // px-2.5, not px-3: a series' twelve title tabs fit the editor at 1280 px instead of scrolling the first one off.
                  'inline-block border-b-2 px-2.5 py-2 text-sm font-medium',
                  isActive ? 'border-primary text-primary' : 'border-transparent text-text-muted hover:text-text',
                )}
              >
                {tab.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      {disabledHint && <span id={hintId} hidden>{disabledHint}</span>}
    </nav>
  );
}
