import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useFormContext, type FieldValues, type Resolver } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { validateSettings } from '@app/contracts/settings';
import { ApiError, api, errorMessage } from '../../lib/api';
import { invalidateBootstrap } from '../../lib/auth';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { fromBytes, SIZE_UNIT_LIST, toBytes, type SizeUnit } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Select, Switch, TextArea, TextField, type SelectOption } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { PageTitle } from '../PageTitle';
import { scrollBehavior } from '../../lib/motion';
import { LoadError } from '../../site/ErrorPages';

/**
 * One form pattern for every settings page (and the ads page): the whole settings document is the form,
 * keyed by dotted name (react-hook-form nests them), validated with the contracts' rules, and only the
 * values that differ from what was loaded are sent to POST settings.
 */

export type FlatSettings = Record<string, unknown>;
export interface SettingsAnswer { client: FlatSettings; server?: FlatSettings }

export const SETTINGS_QUERY_KEY = ['settings', 'detail', 'all'] as const;

export function useSettingsQuery() {
  return useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: () => api.get<SettingsAnswer>('settings'), staleTime: 0 });
}

function nest(flat: FlatSettings): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let obj = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) obj[p] = value;
      else obj = obj[p] ??= {};
    });
  }
  return out;
}

function read(nested: Record<string, any>, key: string): unknown {
  return key.split('.').reduce<any>((o, p) => (o == null ? undefined : o[p]), nested);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** [dotted field, message] for every error in react-hook-form's nested error tree. */
function flattenErrors(tree: Record<string, any>, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(tree ?? {})) {
    if (!v || typeof v !== 'object') continue;
    if (typeof v.message === 'string') out.push([`${prefix}${k}`, v.message]);
    else out.push(...flattenErrors(v, `${prefix}${k}.`));
  }
  return out;
}

/** The keys whose value differs from what was loaded. */
function changedKeys(loaded: FlatSettings, values: Record<string, any>): string[] {
  return Object.keys(loaded).filter((key) => !same(loaded[key], read(values, key)));
}

interface Ctx {
  groupErrors: Record<string, string[]>;
  /** Registers a key shown on the page; answers the unregister. Only shown keys are validated and saved. */
  mount(name: string): () => void;
  setFile(name: string, file: File | null): void;
  files: Record<string, File>;
  loaded: FlatSettings;
}
const SettingsCtx = createContext<Ctx | null>(null);
export function useSettingsCtx(): Ctx {
  const c = useContext(SettingsCtx);
  if (!c) throw new Error('useSettingsCtx outside a settings form');
  return c;
}

export function SettingsForm({ title, description, children, submitLabel }: { title: string; description?: ReactNode; children: ReactNode; submitLabel?: string }) {
  const query = useSettingsQuery();
  if (query.isPending) return <div className="p-6"><div className="skeleton h-8 w-64" /><div className="skeleton mt-6 h-40 w-full" /></div>;
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  return <LoadedForm data={query.data} title={title} description={description} submitLabel={submitLabel}>{children}</LoadedForm>;
}

function LoadedForm({ data, title, description, children, submitLabel }: { data: SettingsAnswer; title: string; description?: ReactNode; children: ReactNode; submitLabel?: string }) {
  const qc = useQueryClient();
  const loaded = useMemo(() => ({ ...data.client, ...(data.server ?? {}) }), [data]);
  const [groupErrors, setGroupErrors] = useState<Record<string, string[]>>({});
  const [files, setFiles] = useState<Record<string, File>>({});
  // The resolver is created once by react-hook-form; it reads the latest loaded values through a ref.
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  // Keys whose field is on screen now: a field hidden by a switch or a driver choice keeps its saved value.
  const shown = useRef(new Map<string, number>());
  const mount = useRef((name: string) => {
    shown.current.set(name, (shown.current.get(name) ?? 0) + 1);
    return () => {
      const left = (shown.current.get(name) ?? 1) - 1;
      if (left > 0) shown.current.set(name, left);
      else shown.current.delete(name);
    };
  }).current;
  const changedShownKeys = (values: Record<string, any>) => changedKeys(loadedRef.current, values).filter((key) => shown.current.has(key));

  const resolver: Resolver<FieldValues> = async (values) => {
    const loaded = loadedRef.current;
    const changed = changedShownKeys(values);
    const flat: FlatSettings = {};
    for (const key of Object.keys(loaded)) flat[key] = shown.current.has(key) ? read(values, key) : loaded[key];
    const errors = validateSettings(flat, changed);
    if (!Object.keys(errors).length) return { values, errors: {} };
    const nested: Record<string, any> = {};
    for (const [key, messages] of Object.entries(errors)) {
      const parts = key.split('.');
      let obj = nested;
      parts.forEach((p, i) => {
        if (i === parts.length - 1) obj[p] = { type: 'validate', message: trans(messages[0]) };
        else obj = obj[p] ??= {};
      });
    }
    return { values: {}, errors: nested };
  };

  const form = useForm<FieldValues>({ defaultValues: nest(loaded), resolver });
  useEffect(() => { form.reset(nest(loaded)); }, [loaded, form]);
  const unsaved = useUnsavedChanges(form.formState.isDirty || Object.keys(files).length > 0);

  const mutation = useMutation({
    mutationFn: async (values: FieldValues) => {
      const client: FlatSettings = {};
      const server: FlatSettings = {};
      for (const key of changedShownKeys(values)) (key.startsWith('client.') ? client : server)[key] = read(values, key);
      const body = new FormData();
      body.set('client', JSON.stringify(client));
      body.set('server', JSON.stringify(server));
      for (const [name, file] of Object.entries(files)) body.set(`files[${name}]`, file);
      return api.post<{ message: string }>('settings', body);
    },
    onSuccess: async () => {
      toast(trans('Settings updated'));
      setFiles({});
      await qc.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      await invalidateBootstrap();
    },
    onError: (e) => {
      if (!(e instanceof ApiError) || !e.errors) return toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
      const groups: Record<string, string[]> = {};
      let focused = false;
      let unplaced: string | null = null;
      for (const [key, messages] of Object.entries(e.errors)) {
        if (key.endsWith('_group')) groups[key] = messages;
        else if (key in loaded || key.startsWith('files.')) {
          form.setError(key, { type: 'server', message: messages[0] }, { shouldFocus: !focused });
          focused = true;
        } else unplaced ??= messages[0];
      }
      setGroupErrors(groups);
      if (unplaced || !Object.keys(e.errors).length) toast.danger(unplaced ?? e.message);
    },
  });

  // Group errors are shown under their group and scrolled into view.
  useEffect(() => {
    if (!Object.keys(groupErrors).length) return;
    document.querySelector('[data-group-error]')?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  }, [groupErrors]);

  const onSubmit = form.handleSubmit((values) => {
    // Cleared on resubmit.
    setGroupErrors({});
    mutation.mutate(values);
  }, (errors) => {
    // An error for a field this page does not show would otherwise block the save without a word.
    const hidden = flattenErrors(errors).find(([key]) => !document.getElementsByName(key).length);
    // The message only: a dotted setting name means nothing to the operator.
    if (hidden) toast.danger(hidden[1]);
  });

  // A group's server error (a failed credential check) goes once any input changes.
  useEffect(() => {
    const sub = form.watch(() => setGroupErrors((g) => (Object.keys(g).length ? {} : g)));
    return () => sub.unsubscribe();
  }, [form]);

  const ctx: Ctx = {
    groupErrors,
    mount,
    files,
    loaded,
    setFile: (name, file) => setFiles((f) => {
      const next = { ...f };
      if (file) next[name] = file; else delete next[name];
      return next;
    }),
  };

  return (
    <SettingsCtx.Provider value={ctx}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-6">
          <div>
            <PageTitle>{title}</PageTitle>
            {description && <p className="mt-1 text-sm text-text-muted">{description}</p>}
          </div>
          {children}
          <div>
            <Button type="submit" variant="primary" disabled={mutation.isPending}>{submitLabel ?? trans('Update')}</Button>
          </div>
          {unsaved.dialog}
        </form>
      </FormProvider>
    </SettingsCtx.Provider>
  );
}

// ---- fields bound to a settings key ---------------------------------------------------------------

/** Marks a settings key as shown on this page while the calling field is mounted. */
export function useSettingKey(name: string): void {
  const { mount } = useSettingsCtx();
  useEffect(() => mount(name), [mount, name]);
}

/** Every field bound to a key calls this: it registers the key as shown and reads its error. */
export function useFieldError(name: string): string | undefined {
  useSettingKey(name);
  const { formState: { errors } } = useFormContext();
  const err = read(errors as Record<string, any>, name) as { message?: string } | undefined;
  return err?.message;
}

export function SettingText({ name, label, description, type = 'text', placeholder, secret }: { name: string; label: string; description?: ReactNode; type?: string; placeholder?: string; secret?: boolean }) {
  const { register } = useFormContext();
  return (
    <TextField
      label={label}
      description={description}
      type={secret ? 'password' : type}
      placeholder={placeholder}
      autoComplete={secret ? 'new-password' : 'off'}
      error={useFieldError(name)}
      {...register(name)}
    />
  );
}

export function SettingNumber({ name, label, description, placeholder, min }: { name: string; label: string; description?: ReactNode; placeholder?: string; min?: number }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          description={description}
          type="number"
          min={min}
          placeholder={placeholder}
          error={error}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value === null || field.value === undefined || Number.isNaN(field.value) ? '' : String(field.value)}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      )}
    />
  );
}

export function SettingTextArea({ name, label, description, rows = 4, placeholder }: { name: string; label: string; description?: ReactNode; rows?: number; placeholder?: string }) {
  const { register } = useFormContext();
  return <TextArea label={label} description={description} rows={rows} placeholder={placeholder} error={useFieldError(name)} className="font-mono text-xs" {...register(name)} />;
}

export function SettingSwitch({ name, label, description }: { name: string; label: string; description?: ReactNode }) {
  const { register } = useFormContext();
  return <Switch label={label} description={description} error={useFieldError(name)} {...register(name)} />;
}

/** A select; `nullable` maps the empty option to null. */
export function SettingSelect({ name, label, description, options, nullable }: { name: string; label: string; description?: ReactNode; options: SelectOption[]; nullable?: boolean }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          description={description}
          error={error}
          options={nullable ? [{ value: '', label: trans('None') }, ...options] : options}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(nullable && e.target.value === '' ? null : e.target.value)}
        />
      )}
    />
  );
}

/** A byte count entered as a number and a unit (B to TB); `nullable` lets it be emptied. */
export function SettingSize({ name, label, description, nullable }: { name: string; label: string; description?: ReactNode; nullable?: boolean }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <SizeInput label={label} description={description} error={error} value={field.value} nullable={nullable} onChange={field.onChange} inputName={field.name} />}
    />
  );
}

// Values above this are shown capped (the spec's 0x630000000000 bytes).
const SIZE_CAP = 0x630000000000;

function SizeInput({ label, description, error, value, onChange, nullable, inputName }: { label: string; description?: ReactNode; error?: string; value: number | null; onChange(v: number | null): void; nullable?: boolean; inputName: string }) {
  const initial = fromBytes(value === null ? null : Math.min(value, SIZE_CAP));
  const [amount, setAmount] = useState(initial.amount);
  const [unit, setUnit] = useState<SizeUnit>(initial.unit);
  // Follow outside resets (after a save).
  useEffect(() => {
    const next = fromBytes(value === null ? null : Math.min(value, SIZE_CAP));
    const current = amount === '' ? null : toBytes(Number(amount), unit);
    if (current !== value) { setAmount(next.amount); setUnit(next.unit); }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const emit = (a: string, u: SizeUnit) => onChange(a.trim() === '' ? (nullable ? null : 0) : toBytes(Number(a), u));
  return (
    <div className="flex items-start gap-2">
      <TextField
        wrapperClassName="flex-1"
        label={label}
        description={description}
        error={error}
        name={inputName}
        type="number"
        min={1}
        step="any"
        value={amount}
        onChange={(e) => { setAmount(e.target.value); emit(e.target.value, unit); }}
      />
      <Select
        label={trans('Unit')}
        wrapperClassName="w-24"
        options={SIZE_UNIT_LIST.map((u) => ({ value: u, label: u }))}
        value={unit}
        onChange={(e) => { const u = e.target.value as SizeUnit; setUnit(u); emit(amount, u); }}
      />
    </div>
  );
}

/** A list of strings edited as comma separated text. */
export function SettingList({ name, label, description, placeholder }: { name: string; label: string; description?: ReactNode; placeholder?: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ListInput name={field.name} label={label} description={description} placeholder={placeholder} error={error} value={field.value ?? []} onChange={field.onChange} />}
    />
  );
}

function ListInput({ name, label, description, placeholder, error, value, onChange }: { name: string; label: string; description?: ReactNode; placeholder?: string; error?: string; value: string[]; onChange(v: string[]): void }) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    if (!same(split(text), value)) setText(value.join(', '));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return <TextField name={name} label={label} description={description} placeholder={placeholder} error={error} value={text} onChange={(e) => { setText(e.target.value); onChange(split(e.target.value)); }} />;
}
const split = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);

/** Server errors of a credential group (search_group, tmdb_group ...), rendered as text: they echo hosts and server replies. */
export function GroupError({ group }: { group: string }) {
  const { groupErrors } = useSettingsCtx();
  const messages = groupErrors[group];
  if (!messages?.length) return null;
  return (
    <div data-group-error={group} role="alert" className="rounded-md border border-danger bg-danger/10 p-3 text-sm text-danger">
      {messages.map((m, i) => <div key={i}>{m}</div>)}
    </div>
  );
}

/** A titled block of fields, optionally with its group's server errors. */
export function Section({ title, group, children, id }: { title?: string; group?: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} className="flex flex-col gap-4 rounded-lg border border-border p-4">
      {title && <h2 className="text-base font-semibold">{title}</h2>}
      {group && <GroupError group={group} />}
      {children}
    </section>
  );
}

/** The current (unsaved) value of a setting, for conditional sections. */
export function useSettingValue<T = unknown>(name: string): T {
  const { watch } = useFormContext();
  return watch(name) as T;
}
