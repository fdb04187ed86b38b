import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Lock, Plus, Trash2 } from 'lucide-react';
import { NEW_PRICE_DEFAULTS, PRICE_LOCKED, type PriceInterval, type Product } from '@app/contracts/billing';
import type { PermissionGrant } from '@app/contracts/permissions';
import { fromBytes, SIZE_UNIT_LIST, toBytes, type SizeUnit } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { showFormError } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { Select, Switch, TextArea, TextField } from '../../ui/fields';
import { LookupSelect } from '../../ui/LookupSelect';
import { PermissionPicker } from '../../ui/PermissionPicker';
import { toast } from '../../ui/Toast';
import { usePermissionCatalogue } from '../users/api';
import { PageTitle } from '../PageTitle';
import { useSaveProduct } from './api';
import { intervalOptions, periodOf, periodOptions, periodValues, positionOptions } from './plan-options';

interface PriceRow { id?: number; amount: string; currency: string; period: string; interval: PriceInterval; interval_count: string; subscribers: number }
interface PlanValues {
  name: string;
  description: string;
  position: string;
  space_amount: string;
  space_unit: SizeUnit;
  recommended: boolean;
  hidden: boolean;
  free: boolean;
  features: string;
  permissions: PermissionGrant[];
  prices: PriceRow[];
}

const newPrice = (): PriceRow => ({
  amount: String(NEW_PRICE_DEFAULTS.amount), currency: NEW_PRICE_DEFAULTS.currency, period: 'monthly',
  interval: NEW_PRICE_DEFAULTS.interval, interval_count: String(NEW_PRICE_DEFAULTS.interval_count), subscribers: 0,
});

function defaults(p?: Product): PlanValues {
  const space = fromBytes(p?.available_space);
  return {
    name: p?.name ?? '', description: p?.description ?? '', position: String(p?.position ?? 0),
    space_amount: space.amount, space_unit: space.unit,
    recommended: p?.recommended ?? false, hidden: p?.hidden ?? false, free: p?.free ?? false,
    features: (p?.feature_list ?? []).join('\n'),
    permissions: p?.permissions ?? [],
    prices: p ? p.prices.map((x) => ({
      id: x.id, amount: String(x.amount), currency: x.currency, period: periodOf(x.interval, x.interval_count),
      interval: x.interval, interval_count: String(x.interval_count), subscribers: x.subscriptions_count,
    })) : [newPrice()],
  };
}

function toPayload(v: PlanValues) {
  const space = v.space_amount.trim();
  return {
    name: v.name, description: v.description, position: Number(v.position),
    available_space: space === '' ? null : toBytes(Number(space), v.space_unit),
    recommended: v.recommended, hidden: v.hidden, free: v.free,
    feature_list: v.features.split('\n').map((f) => f.trim()).filter(Boolean),
    permissions: v.permissions,
    // A free plan hides pricing: it is saved without prices unless it already has some.
    prices: v.free && v.prices.every((p) => !p.id) ? [] : v.prices.map((p) => {
      const preset = periodValues(p.period);
      return {
        ...(p.id ? { id: p.id } : {}),
        amount: p.amount.trim() === '' ? undefined : Number(p.amount), currency: p.currency,
        interval: preset?.interval ?? p.interval, interval_count: preset?.interval_count ?? Number(p.interval_count),
      };
    }),
  };
}

const FIELD_MAP = { available_space: 'space_amount', feature_list: 'features' };

/** `plans/new` and `plans/{productId}/edit` (Part C "Plans"). */
export function PlanForm({ product }: { product?: Product }) {
  const isEdit = !!product;
  const navigate = useNavigate();
  const catalogue = usePermissionCatalogue();
  const save = useSaveProduct(product?.id);
  const form = useForm<PlanValues>({ defaultValues: defaults(product) });
  const { register, control, handleSubmit, setError, reset, formState: { errors, isDirty } } = form;
  const unsaved = useUnsavedChanges(isDirty);
  const prices = useFieldArray({ control, name: 'prices' });
  // useWatch, not watch: typing in a price must not re-render the whole form (the permission picker is large).
  const free = useWatch({ control, name: 'free' });

  const submit = handleSubmit((values) => save.mutate(toPayload(values), {
    onSuccess: (r) => {
      toast(isEdit ? trans('Plan updated') : trans('Plan created'));
      if (isEdit) reset(defaults(r.product));
      else {
        unsaved.release();
        navigate(`/admin/plans/${r.product.id}/edit`, { replace: true });
      }
    },
    onError: (e) => showFormError(e, setError, { fieldMap: FIELD_MAP }),
  }));

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 desk:p-8">
      <Link to="/admin/plans" className="inline-flex items-center gap-1 text-sm text-text-muted hover:underline">
        <ArrowLeft size={14} aria-hidden className="rtl:-scale-x-100" />
        {trans('Plans')}
      </Link>
      <PageTitle>{isEdit ? trans('Edit “:name“', { name: product!.name }) : trans('Create plan')}</PageTitle>
      {unsaved.dialog}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
        <TextArea label={trans('Description')} rows={3} error={errors.description?.message} {...register('description')} />
        <Select label={trans('Position')} options={positionOptions()} error={errors.position?.message} {...register('position')} />
        <div className="flex items-start gap-2">
          <TextField
            wrapperClassName="flex-1" label={trans('Available space')} type="number" min={1} step="any"
            description={trans('Upload space for subscribers who have no allowance of their own.')}
            error={errors.space_amount?.message} {...register('space_amount')}
          />
          <Select label={trans('Unit')} wrapperClassName="w-24" options={SIZE_UNIT_LIST.map((u) => ({ value: u, label: u }))} {...register('space_unit')} />
        </div>
        <div className="flex flex-col gap-3">
          <Switch label={trans('Recommended')} description={trans('Highlight this plan on the pricing page.')} {...register('recommended')} />
          <Switch label={trans('Hidden')} description={trans('Hide this plan from the pricing page.')} {...register('hidden')} />
          <Switch label={trans('Free')} description={trans('A free plan has no prices.')} error={errors.free?.message} {...register('free')} />
        </div>
        <TextArea
          label={trans('Features')} rows={4} description={trans('One feature per line, listed on the pricing page.')}
          error={errors.features?.message} {...register('features')}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (catalogue.data
            ? <PermissionPicker catalogue={catalogue.data} value={field.value} onChange={field.onChange} error={(errors.permissions as any)?.message} everydayOnly />
            : <div className="skeleton h-24 w-full" />)}
        />
        {!free && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{trans('Prices')}</legend>
            {(errors.prices as any)?.message && <p className="text-sm text-danger" role="alert">{(errors.prices as any).message}</p>}
            {prices.fields.map((field, i) => (
              <PriceRowFields key={field.id} index={i} form={form} onRemove={() => prices.remove(i)} />
            ))}
            <div>
              <Button type="button" variant="outline" onClick={() => prices.append(newPrice())}>
                <Plus size={16} aria-hidden />
                {trans('Add another price')}
              </Button>
            </div>
          </fieldset>
        )}
        <div className="flex gap-2 border-t border-border pt-5">
          <Button type="submit" variant="primary" disabled={save.isPending}>{isEdit ? trans('Save') : trans('Create')}</Button>
        </div>
      </form>
    </div>
  );
}

/** One price: amount, currency, billing period (and with custom, the interval and its count). Saved prices with subscribers are locked. */
function PriceRowFields({ index, form, onRemove }: { index: number; form: ReturnType<typeof useForm<PlanValues>>; onRemove: () => void }) {
  const { register, control, formState: { errors } } = form;
  const row = useWatch({ control, name: `prices.${index}` });
  const err = (errors.prices as any)?.[index] ?? {};
  const locked = row.subscribers > 0;
  return (
    <div className="flex flex-col gap-3 rounded border border-border p-3" data-testid="price-row">
      {locked && (
        <p className="flex items-center gap-2 text-sm text-text-muted">
          <Lock size={14} aria-hidden />
          {trans(PRICE_LOCKED, { count: row.subscribers })}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={trans('Amount')} type="number" min={0.1} step={0.01} required disabled={locked} error={err.amount?.message} {...register(`prices.${index}.amount`)} />
        <LookupSelect list="currencies" label={trans('Currency')} required disabled={locked} current={row.currency} error={err.currency?.message} {...register(`prices.${index}.currency`)} />
        <Select label={trans('Billing period')} disabled={locked} options={periodOptions()} {...register(`prices.${index}.period`)} />
      </div>
      {row.period === 'custom' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Select label={trans('Interval')} disabled={locked} options={intervalOptions()} error={err.interval?.message} {...register(`prices.${index}.interval`)} />
          <TextField label={trans('Interval count')} type="number" min={1} step={1} disabled={locked} error={err.interval_count?.message} {...register(`prices.${index}.interval_count`)} />
        </div>
      )}
      {!locked && (
        <div>
          <Button type="button" variant="text" size="sm" onClick={onRemove}>
            <Trash2 size={14} aria-hidden />
            {trans('Remove price')}
          </Button>
        </div>
      )}
    </div>
  );
}
