import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { PreviewMessage } from '@app/contracts/appearance-constants';
import type { BootstrapData } from '../../lib/auth';
import { queryClient, queryKeys } from '../../lib/query-client';
import { setForcedTheme } from './theme';
import { scrollBehavior } from '../../lib/motion';
import { isAppearancePreview } from './is-preview';

function setValues(values: Record<string, unknown>) {
  queryClient.setQueryData<BootstrapData>(queryKeys.bootstrap, (old) => ({
    user: null, version: '', guestPermissions: [], guestRoleIds: [], ...old, settings: { ...old?.settings, ...values },
  }));
}

function setCustomCode(css?: string, html?: string) {
  if (css !== undefined) {
    let style = document.getElementById('be-custom-css');
    if (!style) {
      style = document.createElement('style');
      style.id = 'be-custom-css';
      document.head.appendChild(style);
    }
    style.textContent = css;
  }
  if (html !== undefined) {
    let box = document.getElementById('be-custom-html');
    if (!box) {
      box = document.createElement('div');
      box.id = 'be-custom-html';
      document.body.appendChild(box);
    }
    box.innerHTML = html;
    // innerHTML does not run scripts; recreate them so the preview behaves like the served page.
    box.querySelectorAll('script').forEach((old) => {
      const script = document.createElement('script');
      for (const attr of Array.from(old.attributes)) script.setAttribute(attr.name, attr.value);
      script.textContent = old.textContent;
      old.replaceWith(script);
    });
  }
}

let highlighted: HTMLElement | null = null;
function highlight(selector: string | null) {
  highlighted?.classList.remove('appearance-highlight');
  highlighted = null;
  // 'actions.cta1.label' outlines the cta1 button: try the full name, then ever shorter prefixes.
  for (let name = selector; name && !highlighted; name = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : null) {
    highlighted = document.querySelector<HTMLElement>(`[data-appearance="${CSS.escape(name)}"]`);
  }
  if (highlighted) {
    highlighted.classList.add('appearance-highlight');
    highlighted.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }
}

/** Listens to the editor's messages (same origin only) and applies them without reloading. */
export function usePreviewBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isAppearancePreview) return;
    // Live values must not be replaced by a background refetch of the saved ones.
    queryClient.setQueryDefaults(queryKeys.bootstrap, { staleTime: Infinity });
    const onMessage = (e: MessageEvent<PreviewMessage>) => {
      if (e.origin !== window.location.origin || e.data?.source !== 'appearance-editor') return;
      const msg = e.data;
      switch (msg.type) {
        case 'navigate': if (msg.path !== window.location.pathname) navigate(msg.path); break;
        case 'setValues': setValues(msg.values); break;
        case 'setThemeColor': {
          const data = queryClient.getQueryData<BootstrapData>(queryKeys.bootstrap);
          const themes = (data?.settings['client.themes.all'] ?? []) as { id: number; colors: Record<string, string> }[];
          setValues({ 'client.themes.all': themes.map((t) => (t.id === msg.themeId ? { ...t, colors: { ...t.colors, [msg.name]: msg.value } } : t)) });
          break;
        }
        case 'setActiveTheme': setForcedTheme(msg.themeId); break;
        case 'setCustomCode': setCustomCode(msg.css, msg.html); break;
        case 'highlight': highlight(msg.selector); break;
      }
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ source: 'appearance-preview', type: 'ready' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);
}
