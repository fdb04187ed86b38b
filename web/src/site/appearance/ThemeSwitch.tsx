import { Moon, Sun } from 'lucide-react';
import { systemThemes } from '@app/contracts/appearance-constants';
import { trans } from '../../lib/i18n';
import { setVisitorTheme, useActiveTheme } from './theme';

/** Lets visitors flip between the default light and dark themes when themes.user_change is on. */
export function ThemeSwitch() {
  const { themes, current, canSwitch } = useActiveTheme();
  if (!canSwitch || themes.length < 2) return null;
  const { light, dark } = systemThemes(themes);
  const next = current.is_dark ? light : dark;
  if (next.id === current.id) return null;
  return (
    <button
      type="button"
      className="rounded-full p-2 hover:bg-hover"
      onClick={() => setVisitorTheme(next.id)}
      aria-label={current.is_dark ? trans('Switch to light mode') : trans('Switch to dark mode')}
    >
      {current.is_dark ? <Sun size="1.25rem" aria-hidden /> : <Moon size="1.25rem" aria-hidden />}
    </button>
  );
}
