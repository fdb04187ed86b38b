import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { SectionTitle, useAppearanceForm } from './AppearanceLayout';
import { ImageField, Text } from './fields';

function Features({ kind }: { kind: 'primaryFeatures' | 'secondaryFeatures' }) {
  const { control } = useAppearanceForm();
  const name = `client.homepage.appearance.${kind}`;
  const { fields, append, remove } = useFieldArray({ control, name });
  const secondary = kind === 'secondaryFeatures';
  return (
    <div className="flex flex-col gap-6">
      {fields.map((f, i) => (
        <section key={f.id} className="flex flex-col gap-3 rounded-md border border-border p-3">
          <SectionTitle actions={<Button size="icon" variant="text" aria-label={trans('Remove feature')} onClick={() => remove(i)}><Trash2 size={16} aria-hidden /></Button>}>
            {trans('Feature :number', { number: i + 1 })}
          </SectionTitle>
          <Text name={`${name}.${i}.title`} label={trans('Title')} />
          <Text name={`${name}.${i}.subtitle`} label={trans('Subtitle')} />
          {secondary && <Text name={`${name}.${i}.description`} label={trans('Description')} multiline />}
          <ImageField name={`${name}.${i}.image`} label={trans('Image')} />
        </section>
      ))}
      <Button onClick={() => append(secondary ? { title: '', subtitle: '', description: '', image: '' } : { title: '', subtitle: '', image: '' })}>
        <Plus size={16} aria-hidden />{trans('Add feature')}
      </Button>
    </div>
  );
}

export const PrimaryFeatures = { Component: () => <Features kind="primaryFeatures" /> };
export const SecondaryFeatures = { Component: () => <Features kind="secondaryFeatures" /> };
