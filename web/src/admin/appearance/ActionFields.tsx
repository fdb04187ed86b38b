import { Controller } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { MENU_ITEM_CATEGORIES, MENU_ROUTES } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { Select, TextField } from '../../ui/fields';
import { useAppearanceForm } from './AppearanceLayout';
import { useFieldError } from './fields';

/** Type, action and target of a menu item or landing-page button. Changing the type clears the action. */
export function ActionFields({ prefix }: { prefix: string }) {
  const { control, watch, setValue, register } = useAppearanceForm();
  const type = String(watch(`${prefix}.type`) ?? 'link');
  const actionError = useFieldError(`${prefix}.action`);
  const typeOptions = [
    { value: 'link', label: trans('Custom link') },
    { value: 'route', label: trans('Route') },
    ...MENU_ITEM_CATEGORIES.map((c) => ({ value: c.type, label: trans(c.label) })),
  ];
  return (
    <>
      <Controller
        control={control}
        name={`${prefix}.type`}
        render={({ field }) => (
          <Select
            label={trans('Type')}
            name={field.name}
            value={String(field.value ?? 'link')}
            options={typeOptions}
            onChange={(e) => {
              field.onChange(e.target.value);
              setValue(`${prefix}.action`, '', { shouldDirty: true, shouldValidate: true });
            }}
          />
        )}
      />
      {type === 'route' ? (
        <Select
          label={trans('Route')}
          error={actionError}
          options={[{ value: '', label: trans('Choose a route') }, ...MENU_ROUTES.map((r) => ({ value: r, label: r }))]}
          {...register(`${prefix}.action`)}
        />
      ) : type === 'link' ? (
        <TextField label={trans('URL')} placeholder="https://" error={actionError} {...register(`${prefix}.action`)} />
      ) : (
        <CategoryAction type={type} prefix={prefix} error={actionError} />
      )}
      <Select
        label={trans('Open in')}
        options={[{ value: '_self', label: trans('Same window') }, { value: '_blank', label: trans('New window') }]}
        {...register(`${prefix}.target`)}
      />
    </>
  );
}

/** A category item's model: its slug, with the existing ones suggested when the category's list call answers. */
function CategoryAction({ type, prefix, error }: { type: string; prefix: string; error?: string }) {
  const { register } = useAppearanceForm();
  const category = MENU_ITEM_CATEGORIES.find((c) => c.type === type);
  const { data } = useQuery({
    queryKey: [category?.endpoint ?? type, 'list', { perPage: 100 }],
    queryFn: () => api.get<{ pagination: { data: { id: number; slug?: string; title?: string; name?: string }[] } }>(category!.endpoint, { perPage: 100 })
      .then((r) => r.pagination.data).catch(() => []),
    enabled: !!category,
    retry: false,
  });
  const listId = `${prefix}-options`;
  return (
    <>
      <TextField label={type === 'channel' ? trans('Channel slug') : trans('Page slug')} error={error} list={listId} {...register(`${prefix}.action`)} />
      <datalist id={listId}>
        {(data ?? []).filter((m) => m.slug).map((m) => <option key={m.id} value={m.slug}>{m.title ?? m.name ?? m.slug}</option>)}
      </datalist>
    </>
  );
}
