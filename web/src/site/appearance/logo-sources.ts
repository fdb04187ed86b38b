export interface BrandingLogos { light: string; dark: string; lightMobile: string; darkMobile: string }

/**
 * The logo a theme shows (`logo`) and the one that replaces it on small screens (`mobile`, empty for none). A dark
 * theme takes the dark logos; on small screens without a dark mobile logo it keeps its dark logo rather than the light
 * mobile one, drawn for a light background. Without any dark logo it shows the light ones.
 */
export function logoSources(dark: boolean, logos: BrandingLogos): { logo: string; mobile: string } {
  if (dark && logos.dark) return { logo: logos.dark, mobile: logos.darkMobile };
  return { logo: logos.light, mobile: (dark && logos.darkMobile) || logos.lightMobile };
}
