import { useId, useMemo, useState } from 'react';
import type { Permission, PermissionGrant } from '@app/contracts/permissions';
import { trans } from '../lib/i18n';
import { Checkbox } from './fields';
import { Disclosure } from './Disclosure';

interface Props {
  catalogue: Permission[];
  value: PermissionGrant[];
  onChange: (value: PermissionGrant[]) => void;
  error?: string;
  /** False where a grant is only a name (a menu item's audience): no restriction inputs are shown or kept. */
  withRestrictions?: boolean;
  /** Shown under the legend, e.g. what the chosen permissions do here. */
  description?: string;
  /**
   * For the guests role and plans, which the server refuses advanced (staff) permissions: those are not offered,
   * and one already chosen stays listed so it can be taken off.
   */
  everydayOnly?: boolean;
  /**
   * Why the editor may not change this permission here (the server would refuse it): its checkbox is disabled and the
   * reason shown under it. `had`: whether the role or user already held it when the form opened.
   */
  lockedReason?: (p: Permission, had: boolean) => string | null;
  /** What the role or user held when the form opened (for `lockedReason`). */
  initial?: PermissionGrant[];
}

/** The catalogue's groups and restrictions by name, as the picker titles them (an unknown one shows its name). */
const GROUP_LABELS = new Map<string, () => string>([
  ['admin', () => trans('Admin')], ['users', () => trans('Users')], ['roles', () => trans('Roles')],
  ['localizations', () => trans('Localizations')], ['custom_pages', () => trans('Custom pages')], ['tags', () => trans('Tags')],
  ['files', () => trans('Files')], ['api', () => trans('API')], ['titles', () => trans('Titles')], ['seasons', () => trans('Seasons')],
  ['episodes', () => trans('Episodes')], ['people', () => trans('People')], ['videos', () => trans('Videos')],
  ['title_tags', () => trans('Genres, keywords and countries')], ['images', () => trans('Images')], ['lists', () => trans('Lists')],
  ['channels', () => trans('Channels')], ['news', () => trans('News')], ['reviews', () => trans('Reviews')],
  ['comments', () => trans('Comments')], ['plans', () => trans('Subscription plans')], ['subscriptions', () => trans('Subscriptions')],
]);
const RESTRICTION_LABELS = new Map<string, () => string>([
  ['max_file_size', () => trans('Largest file (bytes)')], ['available_space', () => trans('Storage space (bytes)')], ['count', () => trans('Maximum number')],
]);
const labelOf = (labels: Map<string, () => string>, name: string) => labels.get(name)?.() ?? name.replace(/_/g, ' ');

/** Individual permissions grouped by group; advanced ones hidden until 'Show advanced permissions' is ticked. */
export function PermissionPicker({ catalogue, value, onChange, error, withRestrictions = true, description, everydayOnly = false, lockedReason, initial = [] }: Props) {
  const had = useMemo(() => new Set(initial.map((g) => g.name)), [initial]);
  const [advancedTicked, setShowAdvanced] = useState(false);
  const showAdvanced = advancedTicked && !everydayOnly;
  const selected = useMemo(() => new Map(value.map((g) => [g.name, g])), [value]);
  const groups = useMemo(() => {
    const map = new Map<string, Permission[]>();
    for (const p of catalogue) {
      if (p.advanced && !showAdvanced && !selected.has(p.name)) continue;
      map.set(p.group, [...(map.get(p.group) ?? []), p]);
    }
    return [...map.entries()];
  }, [catalogue, showAdvanced, selected]);

  const toggle = (p: Permission, on: boolean) => {
    if (on) onChange([...value, { name: p.name, restrictions: withRestrictions && p.restrictions.length ? p.restrictions.map((r) => ({ name: r.name, value: r.value })) : undefined }]);
    else onChange(value.filter((g) => g.name !== p.name));
  };
  const setRestriction = (name: string, restriction: string, v: boolean | number | undefined) => {
    onChange(value.map((g) => {
      if (g.name !== name) return g;
      const rest = (g.restrictions ?? []).filter((r) => r.name !== restriction);
      return { ...g, restrictions: [...rest, { name: restriction, value: v }] };
    }));
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{trans('Permissions')}</legend>
      {description && <p className="text-xs text-text-muted">{description}</p>}
      {everydayOnly
        ? <p className="text-xs text-text-muted">{trans('Only everyday permissions can be given here: staff permissions are for roles of signed-in users.')}</p>
        : <Checkbox label={trans('Show advanced permissions')} checked={showAdvanced} onChange={(e) => setShowAdvanced(e.target.checked)} />}
      {error && <p role="alert" className="text-xs text-danger">{error}</p>}
      <div className="flex flex-col gap-2">
        {groups.map(([group, perms]) => (
          <Disclosure key={group} defaultOpen={perms.some((p) => selected.has(p.name))} summary={(
            <span>
              {labelOf(GROUP_LABELS, group)}
              <span className="ms-2 text-xs font-normal normal-case text-text-muted">
                {trans(':selected of :total selected', { selected: perms.filter((p) => selected.has(p.name)).length, total: perms.length })}
              </span>
            </span>
          )}>
            <ul className="flex flex-col gap-3 px-3 py-3">
              {perms.map((p) => {
                const grant = selected.get(p.name);
                const locked = lockedReason?.(p, had.has(p.name)) ?? null;
                return (
                  <li key={p.name} className="flex flex-col gap-2">
                    <Checkbox
                      label={trans(p.display_name)}
                      description={locked ? <>{trans(p.description)}<span className="block font-medium text-text">{locked}</span></> : trans(p.description)}
                      checked={!!grant}
                      disabled={!!locked}
                      onChange={(e) => toggle(p, e.target.checked)}
                    />
                    {grant && withRestrictions && p.restrictions.length > 0 && (
                      <div className="ms-7 flex flex-col gap-2">
                        {p.restrictions.map((r) => (
                          <RestrictionInput
                            key={r.name}
                            label={labelOf(RESTRICTION_LABELS, r.name)}
                            description={trans(r.description)}
                            type={r.type}
                            value={grant.restrictions?.find((x) => x.name === r.name)?.value}
                            onChange={(v) => setRestriction(p.name, r.name, v)}
                          />
                        ))}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </Disclosure>
        ))}
      </div>
    </fieldset>
  );
}

function RestrictionInput({ label, description, type, value, onChange }: {
  label: string; description: string; type: 'bool' | 'number'; value: boolean | number | undefined; onChange: (v: boolean | number | undefined) => void;
}) {
  const id = useId();
  if (type === 'bool') {
    return <Checkbox label={label} description={description} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm">{label}</label>
      <input
        id={id}
        type="number"
        step={1}
        inputMode="numeric"
        className="h-9 w-48 rounded-md border border-border bg-bg-elevated px-3 text-sm"
        value={typeof value === 'number' ? value : ''}
        aria-describedby={`${id}-desc`}
        onChange={(e) => {
          const raw = e.target.value.trim();
          // Empty becomes undefined, otherwise an integer.
          onChange(raw === '' ? undefined : Math.trunc(Number(raw)));
        }}
      />
      <p id={`${id}-desc`} className="text-xs text-text-muted">{description}</p>
    </div>
  );
}
