import { trans } from '../../lib/i18n';
import { SectionTitle } from './AppearanceLayout';
import { ActionFields } from './ActionFields';
import { Text } from './fields';

const P = 'client.homepage.appearance.actions';

export function Component() {
  const ctas = [
    { key: 'cta1', label: trans('Header primary button') },
    { key: 'cta2', label: trans('Header secondary button') },
    { key: 'cta3', label: trans('Footer button') },
  ];
  return (
    <div className="flex flex-col gap-8">
      {ctas.map((c) => (
        <section key={c.key} className="flex flex-col gap-4">
          <SectionTitle>{c.label}</SectionTitle>
          <Text name={`${P}.${c.key}.label`} label={trans('Label')} />
          <ActionFields prefix={`${P}.${c.key}`} />
        </section>
      ))}
    </div>
  );
}
