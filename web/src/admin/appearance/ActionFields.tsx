import { Controller } from 'react-hook-form';
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
        <TextField label={trans('Page slug')} error={actionError} {...register(`${prefix}.action`)} />
      )}
      <Select
        label={trans('Open in')}
        options={[{ value: '_self', label: trans('Same window') }, { value: '_blank', label: trans('New window') }]}
        {...register(`${prefix}.target`)}
      />
    </>
  );
}
