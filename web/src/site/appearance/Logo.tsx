import { Link } from 'react-router';
import { useSetting } from '../../lib/auth';
import { useActiveTheme } from './theme';
import { logoSources } from './logo-sources';

/** The site logo for the current theme (light or dark variant; mobile variants on small screens), or the site name. */
export function Logo({ className }: { className?: string }) {
  const { current } = useActiveTheme();
  const name = useSetting<string>('client.branding.site_name', '');
  const dark = current.is_dark;
  const light = useSetting<string>('client.branding.logo_light', '');
  const darkLogo = useSetting<string>('client.branding.logo_dark', '');
  const lightMobile = useSetting<string>('client.branding.logo_light_mobile', '');
  const darkMobile = useSetting<string>('client.branding.logo_dark_mobile', '');
  const { logo, mobile } = logoSources(dark, { light, dark: darkLogo, lightMobile, darkMobile });
  // Each stored logo's pixel size (server: appearance/logo-sizes.ts): the picture has its box before it arrives, so
  // the menu beside it does not move when it does.
  const sizes = useSetting<Record<string, [number, number] | undefined>>('client.branding.logo_sizes', {});
  const size = (url: string | null | undefined) => (url && Object.hasOwn(sizes, url) ? sizes[url] : undefined);
  return (
    <Link to="/" className={className} data-appearance="logo" aria-label={name}>
      {logo ? (
        <picture>
          {mobile && <source media="(max-width: 768px)" srcSet={mobile} width={size(mobile)?.[0]} height={size(mobile)?.[1]} />}
          <img src={logo} alt={name} width={size(logo)?.[0]} height={size(logo)?.[1]} className="h-8 w-auto max-w-44 object-contain" />
        </picture>
      ) : (
        // A long site name (up to 100 characters) must leave the header its menu and account links.
        <span className="block max-w-[10rem] truncate text-lg font-bold sm:max-w-[16rem]" title={name}>{name}</span>
      )}
    </Link>
  );
}
