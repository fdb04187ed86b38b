import { describe, expect, it } from 'vitest';
import { logoSources } from './logo-sources';

const all = { light: '/l.png', dark: '/d.png', lightMobile: '/lm.png', darkMobile: '/dm.png' };

describe('logoSources', () => {
  it('takes the logos of the theme, mobile ones on small screens', () => {
    expect(logoSources(false, all)).toEqual({ logo: '/l.png', mobile: '/lm.png' });
    expect(logoSources(true, all)).toEqual({ logo: '/d.png', mobile: '/dm.png' });
  });

  it('keeps the dark logo on small screens of a dark theme without a dark mobile logo, not the light mobile one', () => {
    expect(logoSources(true, { ...all, darkMobile: '' })).toEqual({ logo: '/d.png', mobile: '' });
  });

  it('shows the light logos on a dark theme when there is no dark logo', () => {
    expect(logoSources(true, { ...all, dark: '', darkMobile: '' })).toEqual({ logo: '/l.png', mobile: '/lm.png' });
    expect(logoSources(true, { ...all, dark: '' })).toEqual({ logo: '/l.png', mobile: '/dm.png' });
    expect(logoSources(false, { ...all, lightMobile: '' })).toEqual({ logo: '/l.png', mobile: '' });
  });
});
