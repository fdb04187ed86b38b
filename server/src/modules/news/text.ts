import sanitizeHtml from 'sanitize-html';
import { NEWS_EXCERPT_LENGTH } from '@app/contracts';

/** An HTML body as plain text: tags dropped (scripts and styles with their content), entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  // Block boundaries become spaces first, so "<h2>News</h2><p>Today" reads "News Today", not "NewsToday".
  const spaced = html.replace(/<\/?(?:p|h[1-6]|li|br|div|blockquote|tr|td|th|pre|figure|figcaption|hr)\b[^>]*>/gi, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe'] });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const NAMED = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', ' ']]);
function decodeEntities(s: string): string {
  return s.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED.get(e.toLowerCase()) ?? all;
  });
}

/**
 * The list's excerpt (Part C: the body cut at 200 characters), ending on a word with an ellipsis when cut. Only as
 * much of the body is read as the excerpt needs: a prefix ending after a tag, doubled until it holds enough text (a
 * long article's whole body was parsed a second time, after sanitizing, for 200 characters). The body is sanitized
 * HTML, whose attribute values escape ">", so a prefix cut after a ">" never ends inside a tag.
 */
export function excerptOf(html: string, max = NEWS_EXCERPT_LENGTH): string {
  const textOf = (size: number): string => {
    const end = size >= html.length ? html.length : html.lastIndexOf('>', size) + 1;
    const text = plainText(end > 0 ? html.slice(0, end) : html);
    return end <= 0 || end >= html.length || text.length > max ? text : textOf(size * 2);
  };
  const text = textOf(max * 8);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
