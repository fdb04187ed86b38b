import { type CSSProperties } from 'react';
import type { HomepageAction, HomepageAppearance } from '@app/contracts/appearance-constants';
import { Link } from 'react-router';
import { useAuth, useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { useHomeTitle } from '../admin/PageTitle';
import { buttonClass } from '../ui/Button';
import { cn } from '../ui/cn';
import { ActionLink } from './appearance/links';
import { isAppearancePreview } from './appearance/is-preview';
import { MenuPosition } from './appearance/MenuPosition';
import { AccountButtons, VisitorLanguageSwitch } from './SiteLayout';
import { SiteHeader } from './ui/SiteHeader';
import { MAIN_ID } from '../ui/RouteFocus';
import { retryableLazy } from '../lib/retryable-lazy';
import { LazyPart } from '../ui/LazyPart';
import { PAGE_WIDTH } from './ui/page-width';

// Sections that fetch data load after the first paint so the landing page's first bundle stays small.
const TrendingSection = retryableLazy(() => import('./landing/TrendingSection'));
const PricingSection = retryableLazy(() => import('./landing/PricingSection'));

// Buttons that lead a visitor to sign in or register mean nothing to someone already signed in.
const GUEST_ROUTES = new Set(['/login', '/register']);

function Cta({ action, variant, name }: { action: HomepageAction; variant: 'primary' | 'ghost'; name: string }) {
  const { user } = useAuth();
  if (!action.label || !action.action) return null;
  // The secondary header button sits on the header image: a light outline instead of a filled surface.
  const cls = variant === 'primary' ? buttonClass('primary', 'md', 'h-11 px-6 text-base') : buttonClass('text', 'md', 'h-11 border border-white/70 px-6 text-base text-white hover:bg-white/10');
  // The appearance editor's preview shows the page as guests see it, whoever edits it.
  if (user && !isAppearancePreview && action.type === 'route' && GUEST_ROUTES.has(action.action.replace(/\/+$/, '') || '/')) {
    // A signed-in visitor gets one way in to the catalogue instead.
    return variant === 'primary' ? <Link to="/movies" data-appearance={`actions.${name}`} className={cls}>{trans('Start watching')}</Link> : null;
  }
  return (
    <ActionLink item={action} data-appearance={`actions.${name}`} className={cls}>
      {trans(action.label)}
    </ActionLink>
  );
}

/**
 * The landing page's texts in the visitor's language: the operator's text is the translation key, as menu labels are
 * (the built-in defaults are listed in the translation editor; other texts can be added there as lines).
 */
function translated(a: HomepageAppearance): HomepageAppearance {
  const t = (text: string) => (text ? trans(text) : text);
  return {
    ...a,
    headerTitle: t(a.headerTitle), headerSubtitle: t(a.headerSubtitle), footerTitle: t(a.footerTitle), footerSubtitle: t(a.footerSubtitle),
    pricingTitle: t(a.pricingTitle), pricingSubtitle: t(a.pricingSubtitle),
    primaryFeatures: a.primaryFeatures.map((f) => ({ ...f, title: t(f.title), subtitle: t(f.subtitle) })),
    secondaryFeatures: a.secondaryFeatures.map((f) => ({ ...f, title: t(f.title), subtitle: t(f.subtitle), description: t(f.description) })),
  };
}

export function Component() {
  const siteName = useSetting<string>('client.branding.site_name', '');
  const stored = useSetting<HomepageAppearance>('client.homepage.appearance');
  const a = stored && translated(stored);
  const showTrending = useSetting<boolean>('client.homepage.trending', false);
  // The plans exist only while subscriptions are on (Settings → Subscriptions).
  const billing = useSetting<boolean>('client.billing.enable', false);
  const showPricing = useSetting<boolean>('client.homepage.pricing', false) && billing;
  useHomeTitle();
  if (!a) return null;
  const overlay = a.headerOverlayColor1 || a.headerOverlayColor2
    ? `linear-gradient(45deg, ${a.headerOverlayColor1 || 'transparent'} 0%, ${a.headerOverlayColor2 || 'transparent'} 100%)`
    : undefined;
  const headerImage: CSSProperties = {
    backgroundImage: a.headerImage ? `url("${a.headerImage.replace(/"/g, '%22')}")` : undefined,
    opacity: a.headerImageOpacity,
    filter: a.blurHeaderImage ? 'blur(8px)' : undefined,
  };
  return (
    <div className="flex min-h-full flex-col">
      {/* <main> holds the hero too (the header is drawn over its image); the skip link lands past the header. */}
      <main className="flex flex-1 flex-col">
      {/* Dark under the image and overlay: the header's text is white whatever the theme, also with no image or a clear overlay. */}
      <section className="relative isolate overflow-hidden bg-black text-white" data-appearance="header">
        <div className="absolute inset-0 -z-20 scale-105 bg-cover bg-center" style={headerImage} data-appearance="headerImage" aria-hidden />
        <div className="absolute inset-0 -z-10" style={{ background: overlay ?? 'rgba(0,0,0,.55)' }} data-appearance="headerOverlay" aria-hidden />
        <SiteHeader overlay menu="landing-page-navbar" account={<AccountButtons />} />
        <div id={MAIN_ID} tabIndex={-1} className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-6 pb-28 pt-20 text-center outline-none sm:pt-28">
          <h1 dir="auto" className="text-4xl font-bold tracking-tight sm:text-6xl" data-appearance="headerTitle">{a.headerTitle}</h1>
          {a.headerSubtitle && <p dir="auto" className="max-w-2xl text-lg text-white/85 sm:text-xl" data-appearance="headerSubtitle">{a.headerSubtitle}</p>}
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Cta action={a.actions.cta1} variant="primary" name="cta1" />
            <Cta action={a.actions.cta2} variant="ghost" name="cta2" />
          </div>
        </div>
      </section>

      {a.primaryFeatures.length > 0 && (
        <section className={cn(PAGE_WIDTH, 'grid gap-6 py-16 sm:grid-cols-2 lg:grid-cols-3')} data-appearance="primaryFeatures" aria-label={trans('Features')}>
          {a.primaryFeatures.map((f, i) => (
            <div key={i} className="flex flex-col items-center gap-3 rounded-lg border border-border bg-bg-elevated p-6 text-center">
              {f.image && <img src={f.image} alt="" className="h-16 w-16 object-contain" loading="lazy" />}
              <h2 dir="auto" className="text-lg font-semibold">{f.title}</h2>
              <p dir="auto" className="text-sm text-text-muted">{f.subtitle}</p>
            </div>
          ))}
        </section>
      )}

      {a.secondaryFeatures.map((f, i) => (
        <section key={i} className="border-t border-border" data-appearance={`secondaryFeatures.${i}`}>
          <div className={cn(PAGE_WIDTH, 'flex flex-col items-center gap-10 py-16 md:flex-row', i % 2 === 1 && 'md:flex-row-reverse')}>
            {f.image && <img src={f.image} alt="" className="w-full max-w-md rounded-lg object-cover" loading="lazy" />}
            <div className="flex flex-1 flex-col gap-3">
              {f.subtitle && <p dir="auto" className="text-sm font-semibold uppercase tracking-wide text-primary">{f.subtitle}</p>}
              <h2 dir="auto" className="text-3xl font-bold">{f.title}</h2>
              <p dir="auto" className="text-text-muted">{f.description}</p>
            </div>
          </div>
        </section>
      ))}

      <LazyPart fallback={null}>
        {showTrending && <TrendingSection />}
        {showPricing && <PricingSection title={a.pricingTitle} subtitle={a.pricingSubtitle} />}
      </LazyPart>

      <section className="relative isolate overflow-hidden bg-bg-alt" data-appearance="footer">
        {a.footerImage && <div className="absolute inset-0 -z-10 bg-cover bg-center opacity-30" style={{ backgroundImage: `url("${a.footerImage.replace(/"/g, '%22')}")` }} aria-hidden />}
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-6 py-20 text-center">
          <h2 dir="auto" className="text-3xl font-bold" data-appearance="footerTitle">{a.footerTitle}</h2>
          {a.footerSubtitle && <p dir="auto" className="text-lg text-text-muted" data-appearance="footerSubtitle">{a.footerSubtitle}</p>}
          <Cta action={a.actions.cta3} variant="primary" name="cta3" />
        </div>
      </section>
      </main>

      <footer className="border-t border-border px-4 py-6 text-sm text-text-muted sm:px-6">
        <div className={cn(PAGE_WIDTH, 'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between')}>
          <MenuPosition position="landing-page-footer" label={trans('Footer')} />
          <div className="flex items-center gap-3">
            <VisitorLanguageSwitch />
            <p>© {new Date().getFullYear()} {siteName}</p>
          </div>
        </div>
      </footer>
    </div>
  );
}
