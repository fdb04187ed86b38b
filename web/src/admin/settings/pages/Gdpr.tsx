import { useEffect } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { noticeLinkSchema, type NoticeLink, type RegistrationPolicy } from '@app/contracts/settings';
import { trans } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Select, TextField } from '../../../ui/fields';
import { Section, SettingSelect, SettingSwitch, SettingsForm, useFieldError, useSettingValue } from '../settings-form';

function parse<T>(text: unknown, fallback: T): T {
  try { return (JSON.parse(String(text)) as T) ?? fallback; } catch { return fallback; }
}

type LinkErrors = Partial<Record<'label' | 'action', string>>;

/**
 * The setting is one JSON string, so its error names no field; once the form marks it invalid, each link is
 * checked again to put the message under the field it is about.
 */
function linkErrors(value: NoticeLink, invalid: boolean): LinkErrors {
  if (!invalid) return {};
  const r = noticeLinkSchema().safeParse(value);
  const out: LinkErrors = {};
  for (const issue of r.success ? [] : r.error.issues) {
    const field = issue.path[0] === 'action' ? 'action' : issue.path[0] === 'label' ? 'label' : null;
    if (field) out[field] ??= trans(issue.message);
  }
  return out;
}

/** Label, type and target of a link, without the role and permission fields of menu items. */
function LinkEditor({ value, onChange, idPrefix, errors = {} }: { value: NoticeLink; onChange(v: NoticeLink): void; idPrefix: string; errors?: LinkErrors }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField id={`${idPrefix}-label`} label={trans('Label')} error={errors.label} value={value.label} onChange={(e) => onChange({ ...value, label: e.target.value })} />
      <Select
        id={`${idPrefix}-type`}
        label={trans('Type')}
        value={value.type}
        options={[{ value: 'link', label: trans('Link') }, { value: 'route', label: trans('Site page') }]}
        onChange={(e) => onChange({ ...value, type: e.target.value as NoticeLink['type'], action: '' })}
      />
      <TextField
        id={`${idPrefix}-action`}
        label={value.type === 'link' ? trans('URL') : trans('Page path')}
        placeholder={value.type === 'link' ? 'https://' : '/pages/privacy-policy'}
        error={errors.action}
        value={value.action}
        onChange={(e) => onChange({ ...value, action: e.target.value })}
      />
      <Select
        id={`${idPrefix}-target`}
        label={trans('Open in')}
        value={value.target ?? '_blank'}
        options={[{ value: '_blank', label: trans('New window') }, { value: '_self', label: trans('Same window') }]}
        onChange={(e) => onChange({ ...value, target: e.target.value as NoticeLink['target'] })}
      />
    </div>
  );
}


function InfoButton() {
  const { control } = useFormContext();
  const error = useFieldError('client.cookie_notice.button');
  return (
    <Controller
      control={control}
      name="client.cookie_notice.button"
      render={({ field }) => {
        const value = parse<NoticeLink>(field.value, { label: '', type: 'link', action: '' });
        const errors = linkErrors(value, !!error);
        return (
          <fieldset name={field.name} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{trans('Information button')}</legend>
            <LinkEditor idPrefix="cookie-button" value={value} errors={errors} onChange={(v) => field.onChange(JSON.stringify(v))} />
            {error && !errors.label && !errors.action && <p role="alert" className="text-xs text-danger">{error}</p>}
          </fieldset>
        );
      }}
    />
  );
}

function Policies() {
  const { control } = useFormContext();
  const error = useFieldError('client.registration.policies');
  return (
    <Controller
      control={control}
      name="client.registration.policies"
      render={({ field }) => {
        const list = parse<RegistrationPolicy[]>(field.value, []);
        const set = (next: RegistrationPolicy[]) => field.onChange(JSON.stringify(next));
        const errors = list.map((p) => linkErrors(p, !!error));
        const placed = errors.some((e) => e.label || e.action);
        return (
          <fieldset name={field.name} className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{trans('Registration policies')}</legend>
            <p className="text-sm text-text-muted">{trans('Each policy is shown on the register page as a checkbox the user must tick.')}</p>
            {list.map((p, i) => (
              <div key={p.id} className="flex flex-col gap-2 rounded-md border border-border p-3">
                <LinkEditor idPrefix={`policy-${p.id}`} value={p} errors={errors[i]} onChange={(v) => set(list.map((x, j) => (j === i ? { ...v, id: p.id } : x)))} />
                <div><Button variant="text" size="sm" onClick={() => set(list.filter((_, j) => j !== i))}><Trash2 size={14} aria-hidden />{trans('Remove policy')}</Button></div>
              </div>
            ))}
            <div>
              <Button size="sm" onClick={() => set([...list, { id: Math.random().toString(36).slice(2, 8), label: '', type: 'link', action: '', target: '_blank' }])}>
                <Plus size={14} aria-hidden />{trans('Add policy')}
              </Button>
            </div>
            {error && !placed && <p role="alert" className="text-xs text-danger">{error}</p>}
            <FocusFirstInvalid error={error} />
          </fieldset>
        );
      }}
    />
  );
}

/** The setting has no input of its own to focus, so a new error focuses the first field marked invalid in it. */
function FocusFirstInvalid({ error }: { error?: string }) {
  useEffect(() => {
    if (error) document.querySelector<HTMLElement>('fieldset[name="client.registration.policies"] [aria-invalid="true"]')?.focus();
  }, [error]);
  return null;
}

function Fields() {
  const enabled = useSettingValue<boolean>('client.cookie_notice.enable');
  return (
    <>
      <Section title={trans('Cookie notice')}>
        <SettingSwitch name="client.cookie_notice.enable" label={trans('Enable cookie notice')} description={trans('Visitors see a notice about cookies until they accept it.')} />
        {enabled && (
          <>
            <SettingSelect name="client.cookie_notice.position" label={trans('Position')} options={[{ value: 'top', label: trans('Top') }, { value: 'bottom', label: trans('Bottom') }]} />
            <InfoButton />
          </>
        )}
      </Section>
      <Section><Policies /></Section>
    </>
  );
}

export function Component() {
  return <SettingsForm title={trans('GDPR')} description={trans('Cookie notice and the policies users accept when they register.')}><Fields /></SettingsForm>;
}
