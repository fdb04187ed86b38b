import { APPEARANCE_KEYS, SETTINGS, withUniqueMenuIds, type AppearanceKey, type Menu, type PreviewMessage } from '@app/contracts';
import type { ZodType } from 'zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { api } from '../../lib/api';
import { trans, transMessage } from '../../lib/i18n';

export type FlatValues = Record<AppearanceKey, unknown>;
export interface AppearanceResponse { values: FlatValues; defaults: FlatValues }
/** The form holds the dotted setting keys as nested objects: client.homepage.appearance.headerTitle. */
export type AppearanceForm = Record<string, any>;

export const appearanceQueryKey = ['appearance', 'detail', 'values'] as const;
export const fetchAppearance = () => api.get<AppearanceResponse>('admin/appearance/values');

export function getPath(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function setPath(obj: Record<string, any>, path: string, value: unknown) {
  const parts = path.split('.');
  let cur = obj;
  for (const part of parts.slice(0, -1)) cur = cur[part] ??= {};
  cur[parts[parts.length - 1]] = value;
}

export function toForm(values: FlatValues): AppearanceForm {
  const out: AppearanceForm = {};
  for (const key of APPEARANCE_KEYS) setPath(out, key, structuredClone(values[key]));
  // Menus saved before their ids had to be unique get fresh ids for the repeats, so the menus stay editable.
  const menus = getPath(out, 'client.menus');
  if (Array.isArray(menus)) setPath(out, 'client.menus', withUniqueMenuIds(menus as Menu[]));
  return out;
}

/** The setting key a form field belongs to. */
export function keyOf(field: string): AppearanceKey | undefined {
  return APPEARANCE_KEYS.find((k) => field === k || field.startsWith(`${k}.`));
}

/** Only the keys whose value differs from the saved one. */
export function changedValues(form: AppearanceForm, saved: AppearanceForm): Partial<FlatValues> {
  const out: Partial<FlatValues> = {};
  for (const key of APPEARANCE_KEYS) {
    const now = getPath(form, key);
    if (JSON.stringify(now) !== JSON.stringify(getPath(saved, key))) out[key] = now;
  }
  return out;
}

/** Validates every key with the same schema the server uses, so errors show before a round trip. */
export const appearanceResolver: Resolver<AppearanceForm> = async (values) => {
  const errors: Record<string, any> = {};
  for (const key of APPEARANCE_KEYS) {
    const value = getPath(values, key);
    if (key === 'client.branding.site_name' && !String(value ?? '').trim()) {
      setPath(errors, key, { type: 'required', message: trans('Enter a site name.') });
      continue;
    }
    const result = (SETTINGS[key].schema as ZodType).safeParse(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const path = [key, ...issue.path.map(String)].join('.');
      if (!getPath(errors, path)) setPath(errors, path, { type: 'validate', message: transMessage(issue.message) });
    }
  }
  return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<AppearanceForm> } : { values, errors: {} };
};

export function postToPreview(frame: HTMLIFrameElement | null, message: { type: PreviewMessage['type'] }) {
  frame?.contentWindow?.postMessage({ source: 'appearance-editor', ...message }, window.location.origin);
}
