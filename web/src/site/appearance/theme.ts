import { useLayoutEffect, useSyncExternalStore } from 'react';
import { THEME_COOKIE, systemThemes, themeStyleSheet, type Theme } from '@app/contracts/appearance-constants';
import { useSetting } from '../../lib/auth';

/** Theme chosen outside the settings: the preview's setActiveTheme or the visitor's switch (cookie). */
let forcedThemeId: number | null = null;
let visitorThemeId: number | null = readCookieTheme();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => { listeners.add(l); return () => listeners.delete(l); };

function readCookieTheme(): number | null {
  const m = document.cookie.split('; ').find((c) => c.startsWith(`${THEME_COOKIE}=`));
  return m ? Number(m.slice(THEME_COOKIE.length + 1)) || null : null;
}

export function setForcedTheme(id: number | null) {
  forcedThemeId = id;
  emit();
}

/** The visitor's pick, remembered in a cookie so the server renders the same theme on the next load. */
export function setVisitorTheme(id: number | null) {
  visitorThemeId = id;
  document.cookie = id ? `${THEME_COOKIE}=${id}; path=/; max-age=31536000; samesite=lax` : `${THEME_COOKIE}=; path=/; max-age=0`;
  emit();
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
function useSystemDark(): boolean {
  return useSyncExternalStore((cb) => {
    const mq = window.matchMedia(DARK_QUERY);
    mq.addEventListener('change', cb);
    return () => mq.removeEventListener('change', cb);
  }, () => window.matchMedia(DARK_QUERY).matches);
}

export interface ActiveTheme {
  themes: Theme[];
  /** The theme showing now. */
  current: Theme;
  canSwitch: boolean;
  /** The theme id that decides the style sheet (null follows the system). */
  chosenId: number | null;
  defaultId: number;
}

export function useActiveTheme(): ActiveTheme {
  const themes = useSetting<Theme[]>('client.themes.all', []);
  const defaultId = useSetting<number>('client.themes.default_id', 0);
  const canSwitch = useSetting<boolean>('client.themes.user_change', true);
  const forced = useSyncExternalStore(subscribe, () => forcedThemeId);
  const visitor = useSyncExternalStore(subscribe, () => visitorThemeId);
  const systemDark = useSystemDark();
  const chosenId = forced ?? (canSwitch ? visitor : null);
  const list = themes.length ? themes : [{ id: 0, name: '', is_dark: false, default_light: true, default_dark: false, colors: {} }];
  const fixed = list.find((t) => t.id === chosenId) ?? (defaultId ? list.find((t) => t.id === defaultId) : undefined);
  const sys = systemThemes(list);
  return { themes: list, current: fixed ?? (systemDark ? sys.dark : sys.light), canSwitch, chosenId, defaultId };
}

/** Keeps the <style id="be-theme"> the server rendered in step with settings, the preview and the visitor's pick. */
export function useThemeStyle(): ActiveTheme {
  const active = useActiveTheme();
  const css = themeStyleSheet(active.themes, active.defaultId, active.chosenId);
  useLayoutEffect(() => {
    let el = document.getElementById('be-theme');
    if (!el) {
      el = document.createElement('style');
      el.id = 'be-theme';
      document.head.appendChild(el);
    }
    if (el.textContent !== css) el.textContent = css;
  }, [css]);
  return active;
}
