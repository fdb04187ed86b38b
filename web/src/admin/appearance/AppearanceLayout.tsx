import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type UseFormReturn } from 'react-hook-form';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { PreviewMessage } from '@app/contracts';
import { api } from '../../lib/api';
import { invalidateBootstrap } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { showFormError } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { LoadError } from '../../site/ErrorPages';
import {
  appearanceQueryKey, appearanceResolver, changedValues, fetchAppearance, getPath, keyOf, postToPreview, toForm,
  type AppearanceForm, type AppearanceResponse,
} from './api';

/** A preview message without its source tag (added when posting). */
type Message = PreviewMessage extends infer M ? (M extends PreviewMessage ? Omit<M, 'source'> : never) : never;
interface EditorContext {
  form: UseFormReturn<AppearanceForm>;
  defaults: AppearanceResponse['defaults'];
  send(message: Message): void;
  /** A section that saves through its own call (the SEO tags) hands over its pending changes, or null when it closes. */
  setSectionSave(save: SectionSave | null): void;
}
/** Pending changes of a section outside the appearance form: the editor's one Save button saves them too. */
export interface SectionSave { dirty: boolean; saving: boolean; save(): Promise<void> }
const Ctx = createContext<EditorContext | null>(null);
export function useEditor(): EditorContext {
  return useContext(Ctx)!;
}
export const useAppearanceForm = () => useFormContext<AppearanceForm>();

/** Labels of the path segments shown in the breadcrumb bar. */
const SEGMENTS: Record<string, () => string> = {
  'landing-page': () => trans('Landing page'),
  'action-buttons': () => trans('Action buttons'),
  'primary-features': () => trans('Primary features'),
  'secondary-features': () => trans('Secondary features'),
  menus: () => trans('Menus'),
  items: () => trans('Items'),
  themes: () => trans('Themes'),
  general: () => trans('General'),
  'custom-code': () => trans('Custom code'),
  'seo-settings': () => trans('SEO settings'),
};

function Breadcrumb() {
  const { pathname } = useLocation();
  const form = useAppearanceForm();
  const parts = pathname.replace(/^\/admin\/appearance\/?/, '').split('/').filter(Boolean);
  // menus/0/items/2 reads Menus › Primary › Home
  const labels: string[] = [];
  parts.forEach((part, i) => {
    if (part === 'items') return;
    if (/^\d+$/.test(part)) {
      const prev = parts[i - 1];
      if (prev === 'menus') labels.push(String(form.getValues(`client.menus.${part}.name`) ?? part));
      else if (prev === 'themes') labels.push(String(form.getValues(`client.themes.all.${part}.name`) ?? part));
      else if (prev === 'items') labels.push(String(form.getValues(`client.menus.${parts[1]}.items.${part}.label`) ?? part));
      return;
    }
    // The path is typed by whoever opens the page: /admin/appearance/constructor must not find Object's own.
    labels.push(Object.hasOwn(SEGMENTS, part) ? SEGMENTS[part]() : part);
  });
  let parent = parts.slice(0, -1);
  if (parent[parent.length - 1] === 'items') parent = parent.slice(0, -1);
  const back = parts.length ? `/admin/appearance${parent.length ? `/${parent.join('/')}` : ''}` : '/admin';
  return (
    <div className="flex items-center gap-2 border-b border-border px-3 py-2">
      <Link to={back} className="rounded-md p-1.5 hover:bg-hover" aria-label={trans('Back')}><ArrowLeft size={18} aria-hidden className="rtl:-scale-x-100" /></Link>
      <div className="min-w-0">
        <div className="text-xs text-text-muted">{trans('Customizing')}</div>
        <div className="truncate text-sm font-medium" data-testid="appearance-path">{labels.length ? labels.join(' › ') : trans('Appearance')}</div>
      </div>
    </div>
  );
}

/**
 * The page the preview shows for a section: the landing page, except for a menu that is only placed on
 * the other site pages (sidebars, footer), which shows on the login page.
 */
function previewPath(pathname: string, values: AppearanceForm): string {
  const m = /\/appearance\/menus\/(\d+)/.exec(pathname);
  if (!m) return '/';
  const positions = (getPath(values, `client.menus.${m[1]}.positions`) ?? []) as string[];
  return !positions.length || positions.some((p) => p.startsWith('landing-page')) ? '/' : '/login';
}

function Editor({ data }: { data: AppearanceResponse }) {
  const saved = useMemo(() => toForm(data.values), [data]);
  const form = useForm<AppearanceForm>({ defaultValues: saved, resolver: appearanceResolver, mode: 'onChange' });
  const frame = useRef<HTMLIFrameElement>(null);
  const { pathname } = useLocation();
  // The theme being edited is remembered so a preview that loads (or reloads) later still shows it.
  const activeTheme = useRef<number | null>(null);
  const send = useCallback((message: Message) => {
    if (message.type === 'setActiveTheme') activeTheme.current = message.themeId;
    postToPreview(frame.current, message);
  }, []);

  // Every change reaches the preview at once: theme colours, custom code and the rest as values.
  useEffect(() => {
    const sub = form.watch((values, { name }) => {
      if (!name) return;
      const color = /^client\.themes\.all\.(\d+)\.colors\.([a-z-]+)$/.exec(name);
      if (color) {
        const theme = getPath(values, `client.themes.all.${color[1]}`) as { id: number } | undefined;
        if (theme) send({ type: 'setThemeColor', themeId: theme.id, name: color[2], value: String(getPath(values, name)) });
        return;
      }
      const key = keyOf(name);
      if (!key) return;
      if (key === 'client.custom_code.css') send({ type: 'setCustomCode', css: String(getPath(values, key) ?? '') });
      else if (key === 'client.custom_code.html') send({ type: 'setCustomCode', html: String(getPath(values, key) ?? '') });
      else send({ type: 'setValues', values: { [key]: getPath(values, key) } });
    });
    return () => sub.unsubscribe();
  }, [form, send]);

  // The preview announces itself; it gets the unsaved state then.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.data?.source !== 'appearance-preview' || e.data.type !== 'ready') return;
      const values = form.getValues();
      const flat = Object.fromEntries(Object.keys(data.values).map((k) => [k, getPath(values, k)]));
      send({ type: 'setValues', values: flat });
      // The served page already carries the saved custom code; only unsaved code is sent (scripts would run twice).
      const css = String(getPath(values, 'client.custom_code.css') ?? '');
      const html = String(getPath(values, 'client.custom_code.html') ?? '');
      if (css !== data.values['client.custom_code.css']) send({ type: 'setCustomCode', css });
      if (html !== data.values['client.custom_code.html']) send({ type: 'setCustomCode', html });
      send({ type: 'setActiveTheme', themeId: activeTheme.current });
      send({ type: 'navigate', path: previewPath(window.location.pathname, values) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [form, send, data]);

  useEffect(() => send({ type: 'navigate', path: previewPath(pathname, form.getValues()) }), [pathname, send, form]);

  const save = useMutation({
    mutationFn: (changes: Record<string, unknown>) => api.post<AppearanceResponse & { message: string }>('admin/appearance', { changes }),
    onSuccess: (res) => {
      toast(trans('Changes saved'));
      queryClient.setQueryData(appearanceQueryKey, { values: res.values, defaults: res.defaults });
      form.reset(toForm(res.values));
      void invalidateBootstrap();
    },
    onError: (e) => showFormError(e, form.setError, { fallback: trans('Could not save changes') }),
  });
  const submitForm = form.handleSubmit(
    (values) => save.mutate(changedValues(values, form.formState.defaultValues as AppearanceForm)),
    () => toast.danger(trans('Fix the highlighted fields and try again.')),
  );
  const [sectionSave, setSectionSave] = useState<SectionSave | null>(null);
  // One save model for the whole editor: the Save button saves the form and the open section's own changes.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (sectionSave?.dirty) {
      e.preventDefault();
      void sectionSave.save();
    }
    if (form.formState.isDirty) void submitForm(e);
  };
  const isDirty = form.formState.isDirty || !!sectionSave?.dirty;
  const saving = save.isPending || !!sectionSave?.saving;
  // Moving between the editor's sections keeps the form; leaving the editor asks first.
  const unsaved = useUnsavedChanges(isDirty, '/admin/appearance');

  // Focusing a field outlines its element in the preview.
  const onFocus = (e: React.FocusEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLElement).getAttribute('name') ?? (e.target as HTMLElement).closest('[data-field]')?.getAttribute('data-field');
    if (!name) return;
    const field = name.startsWith('client.homepage.appearance.') ? name.slice('client.homepage.appearance.'.length) : null;
    const selector = field?.startsWith('headerOverlay') ? 'headerOverlay'
      : field === 'blurHeaderImage' || field?.startsWith('headerImage') ? 'headerImage'
        : field ?? (name.startsWith('client.branding.') ? 'logo' : null);
    send({ type: 'highlight', selector });
  };

  return (
    <Ctx.Provider value={{ form, defaults: data.defaults, send, setSectionSave }}>
      <FormProvider {...form}>
        <div className="flex h-full">
          <form onSubmit={onSubmit} onFocus={onFocus} className="flex w-full shrink-0 flex-col border-e border-border bg-bg-elevated lg:w-96" noValidate>
            <div className="flex items-center gap-2 border-b border-border px-3 py-2">
              <h1 className="text-base font-semibold">{trans('Appearance')}</h1>
              <Button type="submit" variant="primary" size="sm" className="ms-auto" disabled={!isDirty || saving}>
                {isDirty ? trans('Save') : trans('Saved')}
              </Button>
            </div>
            <Breadcrumb />
            {/* Focusable so keyboard users can scroll it even where its content (the code editors) takes no focus from Tab. */}
            <div className="min-h-0 flex-1 overflow-y-auto p-4" tabIndex={0} role="region" aria-label={trans('Appearance settings')}>
              <Outlet />
            </div>
            {unsaved.dialog}
          </form>
          <div className="hidden min-w-0 flex-1 bg-bg-alt lg:block">
            <iframe ref={frame} title={trans('Preview')} src="/?appearanceEditor=true" className="h-full w-full border-0" />
          </div>
        </div>
      </FormProvider>
    </Ctx.Provider>
  );
}

export function Component() {
  useDocumentTitle(trans('Appearance'));
  const { data, isError, error, refetch } = useQuery({ queryKey: appearanceQueryKey, queryFn: fetchAppearance, staleTime: Infinity });
  // The editor opened inside its own preview would nest forever.
  if (window.self !== window.top) return <Navigate to="/admin" replace />;
  if (isError) return <LoadError error={error} retry={refetch} />;
  if (!data) return <div className="p-6" role="status" aria-label={trans('Loading')}><div className="skeleton h-8 w-48" /></div>;
  return <Editor data={data} />;
}

/** A titled list of links to sub-sections, used by the index and the landing page section. */
export function SectionLinks({ links }: { links: { to: string; label: string; description?: string }[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className="flex w-full flex-col items-start rounded-md border border-border px-3 py-2.5 text-start hover:bg-hover">
            <span className="text-sm font-medium">{l.label}</span>
            {l.description && <span className="text-xs text-text-muted">{l.description}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SectionTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center gap-2">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-text-muted">{children}</h2>
      {actions && <div className="ms-auto flex gap-1">{actions}</div>}
    </div>
  );
}
