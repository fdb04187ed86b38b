import { useEffect, useState } from 'react';
import { today } from './format';

/**
 * Today's date (YYYY-MM-DD, in the site's timezone), kept current: a page left open past midnight (or a tab woken
 * the next morning) re-renders with the new day, so 'Today' and 'Yesterday' move on. Checked each minute and when
 * the tab is shown again: the site's midnight need not be the visitor's.
 */
export function useToday(): string {
  const [day, setDay] = useState(today);
  useEffect(() => {
    const check = () => setDay(today());
    const timer = window.setInterval(check, 60_000);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return day;
}
