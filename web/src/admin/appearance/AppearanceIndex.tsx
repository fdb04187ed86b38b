import { trans } from '../../lib/i18n';
import { SectionLinks } from './AppearanceLayout';

export function Component() {
  return (
    <SectionLinks links={[
      { to: 'landing-page', label: trans('Landing page'), description: trans('Header, actions, features and footer') },
      { to: 'menus', label: trans('Menus'), description: trans('Site navigation in every position') },
      { to: 'themes', label: trans('Themes'), description: trans('Colours for light and dark mode') },
      { to: 'general', label: trans('General'), description: trans('Site name, description and branding images') },
      { to: 'custom-code', label: trans('Custom code'), description: trans('Your own CSS and HTML or JavaScript') },
      { to: 'seo-settings', label: trans('SEO settings'), description: trans('Tags search engines and social sites read') },
    ]} />
  );
}
