import { Controller } from 'react-hook-form';
import { trans } from '../../lib/i18n';
import { Switch } from '../../ui/fields';
import { SectionLinks, SectionTitle, useAppearanceForm } from './AppearanceLayout';
import { Color, ImageField, Text, useFieldError } from './fields';

const P = 'client.homepage.appearance';

function Opacity() {
  const { control } = useAppearanceForm();
  const error = useFieldError(`${P}.headerImageOpacity`);
  return (
    <Controller
      control={control}
      name={`${P}.headerImageOpacity`}
      render={({ field }) => (
        <div className="flex flex-col gap-1">
          <label htmlFor="header-opacity" className="text-sm font-medium">{trans('Header image opacity')}: {Number(field.value).toFixed(1)}</label>
          <input
            id="header-opacity"
            name={field.name}
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={Number(field.value)}
            onChange={(e) => field.onChange(Math.round(Number(e.target.value) * 10) / 10)}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
          />
          {error && <p role="alert" className="text-xs text-danger">{error}</p>}
        </div>
      )}
    />
  );
}

export function Component() {
  const { register } = useAppearanceForm();
  return (
    <div className="flex flex-col gap-6">
      <SectionLinks links={[
        { to: 'action-buttons', label: trans('Action buttons') },
        { to: 'primary-features', label: trans('Primary features') },
        { to: 'secondary-features', label: trans('Secondary features') },
      ]} />
      <section className="flex flex-col gap-4">
        <SectionTitle>{trans('Header')}</SectionTitle>
        <Text name={`${P}.headerTitle`} label={trans('Header title')} />
        <Text name={`${P}.headerSubtitle`} label={trans('Header subtitle')} multiline />
        <ImageField name={`${P}.headerImage`} label={trans('Header image')} />
        <Switch label={trans('Blur header image')} {...register(`${P}.blurHeaderImage`)} />
        <Opacity />
        <Color name={`${P}.headerOverlayColor1`} label={trans('Header overlay color 1')} optional />
        <Color name={`${P}.headerOverlayColor2`} label={trans('Header overlay color 2')} optional />
      </section>
      <section className="flex flex-col gap-4">
        <SectionTitle>{trans('Footer')}</SectionTitle>
        <Text name={`${P}.footerTitle`} label={trans('Footer title')} />
        <Text name={`${P}.footerSubtitle`} label={trans('Footer subtitle')} multiline />
        <ImageField name={`${P}.footerImage`} label={trans('Footer background image')} />
      </section>
      <section className="flex flex-col gap-4">
        <SectionTitle>{trans('Sections')}</SectionTitle>
        <Switch label={trans('Show trending titles')} {...register('client.homepage.trending')} />
        <Switch label={trans('Show pricing')} {...register('client.homepage.pricing')} />
        <Text name={`${P}.pricingTitle`} label={trans('Pricing title')} />
        <Text name={`${P}.pricingSubtitle`} label={trans('Pricing subtitle')} multiline />
      </section>
    </div>
  );
}
