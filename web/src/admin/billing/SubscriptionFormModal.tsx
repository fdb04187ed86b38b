import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BillingSubscription } from '@app/contracts/billing';
import type { Pagination } from '@app/contracts/list';
import type { User } from '@app/contracts/users';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { showFormError } from '../../lib/zod-resolver';
import { Autocomplete } from '../../ui/Autocomplete';
import { DateField, Select, TextArea } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { subscriptionCalls, useAllProducts, useBillingAction } from './api';
import { formatMoney, fromZonedInput, toZonedInput } from '../../lib/format';
import { intervalLabel } from './plan-options';

interface Values { product_id: string; price_id: string; description: string; renews_at: string; ends_at: string }

// datetime-local speaks a wall clock without a zone; the API speaks UTC ISO strings. The wall clock is the zone the
// subscriptions table shows dates in (the site's), not the browser's: a renewal set for Dec 2 lists as Dec 2.
const toLocalInput = (iso: string | null) => toZonedInput(iso);
const fromLocalInput = (v: string) => fromZonedInput(v);

const defaults = (s?: BillingSubscription | null): Values => ({
  product_id: s?.product_id ? String(s.product_id) : '', price_id: s?.price_id ? String(s.price_id) : '',
  description: s?.description ?? '', renews_at: toLocalInput(s?.renews_at ?? null), ends_at: toLocalInput(s?.ends_at ?? null),
});

/** Add (`POST billing/subscriptions`) and edit modal; editing dates changes only the local record. */
export function SubscriptionFormModal({ open, subscription, onOpenChange }: { open: boolean; subscription?: BillingSubscription | null; onOpenChange: (open: boolean) => void }) {
  const isEdit = !!subscription;
  const products = useAllProducts();
  const [user, setUser] = useState<{ id: number; label: string } | null>(null);
  const [userError, setUserError] = useState<string>();
  const form = useForm<Values>({ defaultValues: defaults(subscription) });
  const { register, handleSubmit, setError, reset, watch, formState: { errors } } = form;
  useEffect(() => {
    if (!open) return;
    reset(defaults(subscription));
    setUser(subscription?.user ? { id: subscription.user.id, label: subscription.user.email } : null);
    setUserError(undefined);
  }, [open, subscription, reset]);
  const save = useBillingAction(subscriptionCalls.save);
  const productId = Number(watch('product_id'));
  const product = products.data?.find((p) => p.id === productId);

  const submit = handleSubmit((v) => {
    if (!user) {
      setUserError(trans('The user field is required.'));
      return;
    }
    const values = {
      user_id: user.id, product_id: v.product_id ? Number(v.product_id) : undefined, price_id: v.price_id ? Number(v.price_id) : null,
      description: v.description, renews_at: fromLocalInput(v.renews_at), ends_at: fromLocalInput(v.ends_at),
    };
    save.mutate({ id: subscription?.id, values }, {
      onSuccess: () => {
        toast(isEdit ? trans('Subscription updated') : trans('Subscription created'));
        onOpenChange(false);
      },
      onError: (e) => showFormError(e, setError, { fieldMap: { user_id: 'description' } }),
    });
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? trans('Update subscription') : trans('Add new subscription')}
      onSubmit={submit}
      label={isEdit ? trans('Save') : trans('Create')} pending={save.isPending}
    >
      <Autocomplete<User>
        label={trans('User')}
        resource="users"
        search={(query) => api.get<{ pagination: Pagination<User> }>('users', { query, perPage: 10 }).then((r) => r.pagination.data)}
        itemKey={(u) => u.id}
        itemLabel={(u) => u.email}
        onSelect={(u) => { setUser({ id: u.id, label: u.email }); setUserError(undefined); }}
        value={user?.label}
        error={userError}
        placeholder={trans('Search users')}
      />
      <Select
        label={trans('Plan')}
        required
        error={errors.product_id?.message}
        options={[{ value: '', label: trans('Choose a plan') }, ...(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
        {...register('product_id')}
      />
      {product && !product.free && (
        <Select
          label={trans('Price')}
          error={errors.price_id?.message}
          options={[{ value: '', label: trans('Choose a price') }, ...product.prices.map((p) => ({
            value: String(p.id), label: `${formatMoney(p.amount, p.currency)} ${intervalLabel(p.interval, p.interval_count)}`,
          }))]}
          {...register('price_id')}
        />
      )}
      <TextArea label={trans('Description')} rows={2} error={errors.description?.message} {...register('description')} />
      <DateField withTime label={trans('Renews at')} error={errors.renews_at?.message} {...register('renews_at')} />
      <DateField withTime label={trans('Ends at')} description={trans('Leave empty for a subscription that keeps renewing.')} error={errors.ends_at?.message} {...register('ends_at')} />
    </FormDialog>
  );
}
