import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Plus, RotateCcw, Trash2 } from 'lucide-react';
import { DEFAULT_DARK_COLORS, DEFAULT_LIGHT_COLORS, THEME_COLORS, randomThemeId, setThemeDefault, type Theme } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Select, Switch } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { SectionTitle, useAppearanceForm, useEditor } from './AppearanceLayout';
import { Color, Text, useFieldError } from './fields';
import { contrastProblems } from './contrast';

const THEMES = 'client.themes.all';

const COLOR_LABELS: Record<string, () => string> = {
  bg: () => trans('Background'),
  'bg-alt': () => trans('Alternative background'),
  'bg-elevated': () => trans('Elevated background'),
  text: () => trans('Text'),
  'text-muted': () => trans('Muted text'),
  border: () => trans('Borders'),
  primary: () => trans('Primary'),
  'primary-hover': () => trans('Primary hover'),
  'on-primary': () => trans('Text on primary'),
  danger: () => trans('Danger'),
  success: () => trans('Success'),
};

const colorLabel = (name: string) => (Object.hasOwn(COLOR_LABELS, name) ? COLOR_LABELS[name]() : name);

/** The hint under a text colour hard to read on some of the theme's backgrounds (WCAG asks for 4.5 to 1). */
function contrastHint(problem?: { backgrounds: string[]; ratio: number }): string | undefined {
  if (!problem) return undefined;
  return trans('Hard to read on :backgrounds: contrast :ratio to 1, where at least 4.5 to 1 is needed.', {
    backgrounds: problem.backgrounds.map(colorLabel).join(', '), ratio: (Math.floor(problem.ratio * 10) / 10).toFixed(1),
  });
}

export function ThemesList() {
  const { control, register, watch } = useAppearanceForm();
  const { fields, append } = useFieldArray({ control, name: THEMES, keyName: 'key' });
  const navigate = useNavigate();
  const error = useFieldError(THEMES);
  const themes = (watch(THEMES) ?? []) as Theme[];
  const add = () => {
    const used = new Set(themes.map((t) => t.id));
    let id = randomThemeId();
    while (used.has(id)) id = randomThemeId();
    append({ id, name: trans('New theme'), is_dark: false, default_light: false, default_dark: false, colors: { ...DEFAULT_LIGHT_COLORS } } satisfies Theme);
    navigate(String(fields.length));
  };
  return (
    <div className="flex flex-col gap-5">
      <ul className="flex flex-col gap-2">
        {(fields as unknown as (Theme & { key: string })[]).map((t, i) => (
          <li key={t.key}>
            <Link to={String(i)} className="flex items-center gap-3 rounded-md border border-border px-3 py-2.5 hover:bg-hover">
              <span className="flex overflow-hidden rounded border border-border" aria-hidden>
                {(['bg', 'primary', 'text'] as const).map((c) => <span key={c} className="h-5 w-4" style={{ background: themes[i]?.colors[c] }} />)}
              </span>
              <span className="flex-1 text-sm font-medium">{themes[i]?.name ?? t.name}</span>
              {themes[i]?.default_light && <span className="text-xs text-text-muted">{trans('Default light')}</span>}
              {themes[i]?.default_dark && <span className="text-xs text-text-muted">{trans('Default dark')}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {error && <p role="alert" className="text-xs text-danger">{error}</p>}
      <Button onClick={add}><Plus size={16} aria-hidden />{trans('Create theme')}</Button>
      <Select
        label={trans('Default theme')}
        description={trans('Following the system uses the default light or dark theme.')}
        options={[{ value: '0', label: trans('Follow the system') }, ...themes.map((t) => ({ value: String(t.id), label: t.name }))]}
        {...register('client.themes.default_id', { setValueAs: Number })}
      />
      <Switch label={trans('Allow visitors to change the theme')} {...register('client.themes.user_change')} />
    </div>
  );
}

export function ThemeEditor() {
  const { themeIndex } = useParams();
  const { control, getValues, setValue, watch } = useAppearanceForm();
  const { remove } = useFieldArray({ control, name: THEMES, keyName: 'key' });
  const { send } = useEditor();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const themes = (watch(THEMES) ?? []) as Theme[];
  const i = Number(themeIndex);
  const valid = Number.isInteger(i) && i >= 0 && i < themes.length;
  const themeId = valid ? themes[i].id : null;
  // The preview shows the theme being edited, then goes back to the normal one.
  useEffect(() => {
    if (themeId === null) return;
    send({ type: 'setActiveTheme', themeId });
    return () => send({ type: 'setActiveTheme', themeId: null });
  }, [themeId, send]);
  if (!valid) return <Navigate to="/admin/appearance/themes" replace />;
  const p = `${THEMES}.${i}`;
  const theme = themes[i];
  // A warning, not a refusal: the operator may mean it (a decorative theme), but visitors would struggle to read.
  const problems = contrastProblems(theme.colors);
  const setDefault = (mode: 'light' | 'dark', on: boolean) => setValue(THEMES, setThemeDefault(getValues(THEMES) as Theme[], i, mode, on), { shouldDirty: true, shouldValidate: true });
  const resetColors = () => {
    const colors = theme.is_dark ? DEFAULT_DARK_COLORS : DEFAULT_LIGHT_COLORS;
    setValue(`${p}.colors`, { ...colors }, { shouldDirty: true, shouldValidate: true });
    // The preview gets every reset colour.
    for (const [name, value] of Object.entries(colors)) send({ type: 'setThemeColor', themeId: theme.id, name, value });
  };
  const askDelete = () => {
    if (themes.length <= 1) toast.danger(trans('At least one theme is required'));
    else setConfirm(true);
  };
  return (
    <div className="flex flex-col gap-5">
      <Text name={`${p}.name`} label={trans('Name')} />
      <Switch label={trans('Dark theme')} checked={theme.is_dark} onChange={(e) => setValue(`${p}.is_dark`, e.target.checked, { shouldDirty: true })} />
      <Switch label={trans('Default for light mode')} checked={theme.default_light} onChange={(e) => setDefault('light', e.target.checked)} />
      <Switch label={trans('Default for dark mode')} checked={theme.default_dark} onChange={(e) => setDefault('dark', e.target.checked)} />
      <section className="flex flex-col gap-4">
        <SectionTitle actions={<Button size="sm" variant="text" onClick={resetColors}><RotateCcw size={14} aria-hidden />{trans('Reset colors')}</Button>}>{trans('Colors')}</SectionTitle>
        {/* Opacity entries stay in the theme but are not edited here. */}
        {THEME_COLORS.map((c) => <Color key={c} name={`${p}.colors.${c}`} label={COLOR_LABELS[c]()} hint={contrastHint(problems.get(c))} />)}
      </section>
      <Button variant="danger" onClick={askDelete}><Trash2 size={16} aria-hidden />{trans('Delete theme')}</Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={trans('Delete theme')}
        body={trans('Are you sure you want to delete this theme?')}
        confirm={trans('Delete')}
        danger
        onConfirm={() => {
          setConfirm(false);
          navigate('/admin/appearance/themes', { replace: true });
          remove(i);
        }}
      />
    </div>
  );
}
