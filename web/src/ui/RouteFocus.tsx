import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trans } from '../lib/i18n';

/** The id every layout gives its `<main>`: the skip link's target. */
export const MAIN_ID = 'main-content';

/** The first thing a keyboard user reaches on every page: hidden until focused, then jumps past the menus. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[100] focus:rounded-md focus:bg-bg-elevated focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-text focus:shadow-lg focus:outline focus:outline-2 focus:outline-primary"
      onClick={(e) => {
        // Move focus as well as the view: without it the next Tab would start from the top again.
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {trans('Skip to content')}
    </a>
  );
}

const HEADING_WAIT_MS = 5000;

/**
 * What takes focus when a page opens instead of its heading, marked `data-route-focus`: where the visitor came to type
 * (the search page opened without a query).
 */
const ROUTE_FOCUS = 'data-route-focus';

function focusHeading(heading: HTMLElement) {
  // A field is focusable already: a tabindex of -1 would take it out of the Tab order.
  if (heading.tabIndex < 0 && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // The scroll position is the router's business (ScrollRestoration): focusing must not jump the page.
  heading.focus({ preventScroll: true });
}

/**
 * After a client-side navigation to another path, focus moves to the new page's `<h1>` so screen readers announce
 * where the visitor landed and the next Tab starts in the page, not back at the top. Lazy pages render their heading
 * late, so this waits for it. The first load is left alone (the browser starts at the top), so are changes of the
 * query string only (paging, filters), and so is a navigation that keeps the same heading element and the focus
 * (tabs inside one record's editor), so a keyboard user clicking through tabs stays on them.
 */
export function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const lastHeading = useRef<Element | null>(null);
  useEffect(() => {
    const current = () => document.getElementById(MAIN_ID)?.querySelector<HTMLElement>(`[${ROUTE_FOCUS}], h1`) ?? null;
    if (first.current) {
      first.current = false;
      lastHeading.current = current();
      return;
    }
    const previous = lastHeading.current;
    const tryFocus = () => {
      const heading = current();
      if (!heading) return false;
      lastHeading.current = heading;
      const focusKept = document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected;
      if (heading === previous && focusKept) return true;
      focusHeading(heading);
      return true;
    };
    // Wait a frame so the outgoing page's heading (still mounted while a lazy chunk loads) is not taken for the new one.
    let observer: MutationObserver | null = null;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      if (tryFocus()) return;
      const main = document.getElementById(MAIN_ID) ?? document.body;
      observer = new MutationObserver(() => { if (tryFocus()) stop(); });
      observer.observe(main, { childList: true, subtree: true });
      timer = window.setTimeout(stop, HEADING_WAIT_MS);
    });
    function stop() {
      observer?.disconnect();
      observer = null;
      window.clearTimeout(timer);
    }
    return () => { cancelAnimationFrame(frame); stop(); };
  }, [pathname]);
}
