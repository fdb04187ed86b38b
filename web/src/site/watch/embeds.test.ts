import { describe, expect, it } from 'vitest';
import { embedUrl } from './embeds';

describe('embedUrl', () => {
  it('turns YouTube page links, Shorts and live ones included, into embed URLs', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('https://www.youtube.com/shorts/aBc-12_xYz?feature=share')).toBe('https://www.youtube-nocookie.com/embed/aBc-12_xYz');
    expect(embedUrl('https://m.youtube.com/shorts/aBc-12_xYz')).toBe('https://www.youtube-nocookie.com/embed/aBc-12_xYz');
    expect(embedUrl('https://www.youtube.com/live/aBc-12_xYz')).toBe('https://www.youtube-nocookie.com/embed/aBc-12_xYz');
  });

  it('keeps Vimeo and other embed URLs working, and blanks what is not a URL', () => {
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    // YouTube's player links (as the movie database's trailers are stored) play from the no-cookie host, options kept.
    expect(embedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ?start=30')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30');
    expect(embedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('https://www.dailymotion.com/embed/video/x8')).toBe('https://www.dailymotion.com/embed/video/x8');
    expect(embedUrl('not a url')).toBe('about:blank');
  });
});
