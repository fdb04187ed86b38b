import sanitizeHtml from 'sanitize-html';
import { isAllowedEmbedUrl, safeEmbedAllow, toEmbedUrl } from '@app/contracts';

const ALIGNED = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const textAlign = { 'text-align': [/^(left|center|right|justify)$/] };

/** A table cell's or column's span (a number, 1 to 1000) and a header's scope; any other value is dropped. */
const SPAN = /^[1-9]\d{0,2}$|^1000$/;
const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup']);
function tableAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept = Object.entries(attribs).filter(([name, value]) => (name === 'scope' ? SCOPES.has(value) : SPAN.test(value)));
  return { tagName, attribs: Object.fromEntries(kept) };
}

/**
 * What the rich-text editor produces, and nothing that runs: no script, no event handlers, no
 * javascript: URLs, iframes (embeds) only from the video hosts of contracts/src/embeds.ts and with no camera,
 * microphone or location delegated. Used for page and article bodies saved by
 * anyone who is not an administrator.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'hr', 'a', 'img', 'iframe', 'div', 'span', 'figure', 'figcaption',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'allow', 'title'],
    code: ['class'],
    pre: ['class'],
    div: ['data-embed', 'class'],
    // Merged cells keep a timetable's columns in line (values checked by tableAttributes).
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ...Object.fromEntries(ALIGNED.map((t) => [t, ['style']])),
  },
  // A column is a void element like an image: written <col />, never given a closing tag.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  allowedClasses: { code: [/^language-[\w+-]+$/], pre: [/^language-[\w+-]+$/], div: ['embed'] },
  allowedStyles: Object.fromEntries(ALIGNED.map((t) => [t, textAlign])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowIframeRelativeUrls: false,
  // An iframe from any other host is dropped with its contents.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbedUrl(frame.attribs.src ?? ''),
  transformTags: {
    th: tableAttributes,
    td: tableAttributes,
    col: tableAttributes,
    // A YouTube frame plays from the no-cookie host (toEmbedUrl): nothing is stored in a reader's browser before they play.
    iframe: (tagName, attribs) => {
      const { allow, src, ...rest } = attribs;
      const kept = allow ? safeEmbedAllow(allow) : '';
      // Only an https frame is kept (exclusiveFilter): a plain-http one is not upgraded into one.
      const out: Record<string, string> = { ...rest };
      if (src !== undefined) out.src = /^https:/i.test(src) ? toEmbedUrl(src) ?? src : src;
      if (kept) out.allow = kept;
      return { tagName, attribs: out };
    },
    // Links that open a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : (({ target: _t, ...rest }) => rest)(attribs),
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
