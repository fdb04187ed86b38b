import { describe, expect, it } from 'vitest';
import { IMAGE_SLOTS, IMAGE_WIDTHS, responsiveImage, responsiveSource } from '../src/image-sizes.ts';

describe('responsiveImage', () => {
  it('lists the slot\'s widths of a stored picture, with its sizes', () => {
    expect(responsiveImage('/storage/title-images/a.jpg', 'thumb')).toEqual({
      src: '/storage/title-images/a.jpg', srcSet: '/storage/title-images/a.jpg?w=96 96w, /storage/title-images/a.jpg?w=160 160w', sizes: '80px',
    });
    expect(responsiveSource('/storage/demo/b.png', 'wide').srcSet).toContain('/storage/demo/b.png?w=1920 1920w');
  });

  it('leaves alone what the server does not resize: another site\'s picture, a GIF, an SVG', () => {
    for (const url of ['https://image.tmdb.org/t/p/w500/a.jpg', '/storage/title-images/a.gif', '/storage/branding/logo.svg', '/storage/a b.jpg']) {
      expect(responsiveImage(url, 'poster')).toEqual({ src: url });
      expect(responsiveSource(url, 'poster')).toEqual({ srcSet: url, sizes: undefined });
    }
  });

  it('asks only for widths the server makes', () => {
    for (const slot of Object.values(IMAGE_SLOTS)) for (const w of slot.widths) expect(IMAGE_WIDTHS).toContain(w);
  });
});
