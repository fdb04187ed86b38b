import { APPEARANCE_KEYS, SETTINGS, type AppearanceKey, type HomepageAppearance, type Menu, type SettingKey, type Theme } from '@app/contracts';
import type { ZodType } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError, zodFieldErrors } from '../../http/errors.ts';
import { registerSettingsValidator } from '../settings/validators.ts';
import { assertMayChangeAdminOnly } from '../settings/service.ts';
import { missingLinkTargets } from './links.ts';

// The general settings call checks the default theme as the appearance editor does (0 follows the system).
registerSettingsValidator('client.themes.default_id', ['client.themes.default_id'], (read) => {
  const id = read('client.themes.default_id');
  if (id !== 0 && !read('client.themes.all').some((t) => t.id === id)) return 'Choose an existing theme.';
});

export type AppearanceValues = Record<AppearanceKey, unknown>;

/** Current values and the built-in defaults of every key the editor edits. */
export async function appearanceValues(ctx: AppContext): Promise<{ values: AppearanceValues; defaults: AppearanceValues }> {
  const values = {} as AppearanceValues;
  const defaults = {} as AppearanceValues;
  for (const key of APPEARANCE_KEYS) {
    values[key] = await ctx.settings.get(key);
    defaults[key] = SETTINGS[key].default;
  }
  return { values, defaults };
}

/**
 * Validates every changed key against its schema (errors keyed by the full field path) and the rules
 * that span keys, then writes them in one transaction: bad input saves nothing. Custom HTML only from an admin
 * (assertMayChangeAdminOnly).
 */
export async function saveAppearance(ctx: AppContext, changes: Record<string, unknown>, actor: { admin: boolean }): Promise<void> {
  if (!actor.admin) await assertMayChangeAdminOnly(ctx.settings, changes);
  // Maps, not plain objects: the keys are the client's, and `constructor` or `toString` must be just an unknown key.
  const errors = new Map<string, string[]>();
  const fail = (field: string, ...messages: string[]) => errors.set(field, [...(errors.get(field) ?? []), ...messages]);
  const parsed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (!(APPEARANCE_KEYS as readonly string[]).includes(key)) {
      fail(key, 'This setting cannot be changed here.');
      continue;
    }
    if (key === 'client.branding.site_name' && (typeof value !== 'string' || !value.trim())) {
      fail(key, 'Enter a site name.');
      continue;
    }
    const result = (SETTINGS[key as SettingKey].schema as ZodType).safeParse(value);
    if (!result.success) {
      for (const [path, messages] of Object.entries(zodFieldErrors(result.error))) fail(path === 'body' ? key : `${key}.${path}`, ...messages);
    } else parsed[key] = result.data;
  }
  // The default theme id must name a theme that exists after this save (0 follows the system).
  const themes = (parsed['client.themes.all'] ?? (await ctx.settings.get('client.themes.all'))) as Theme[];
  const defaultId = (parsed['client.themes.default_id'] ?? (await ctx.settings.get('client.themes.default_id'))) as number;
  if (!errors.has('client.themes.all') && defaultId !== 0 && !themes.some((t) => t.id === defaultId)) {
    if (Object.hasOwn(changes, 'client.themes.default_id')) fail('client.themes.default_id', 'Choose an existing theme.');
    else parsed['client.themes.default_id'] = 0;
  }
  // A menu item or landing button must lead to a custom page or channel that is there.
  const targets = await missingLinkTargets(ctx, {
    menus: parsed['client.menus'] as Menu[] | undefined, landing: parsed['client.homepage.appearance'] as HomepageAppearance | undefined,
  });
  for (const [field, message] of targets) fail(field, message);
  if (errors.size) throw new HttpError(422, [...errors.values()][0][0], Object.fromEntries(errors));
  await ctx.settings.set(parsed as Parameters<AppContext['settings']['set']>[0]);
}
