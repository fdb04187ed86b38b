import sanitizeHtml from 'sanitize-html';
import { isAllowedEmbedUrl, safeEmbedAllow } from '@app/contracts';

const ALIGNED = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const textAlign = { 'text-align': [/^(left|center|right|justify)$/] };

/**
 * What the rich-text editor produces, and nothing that runs: no script, no event handlers, no
 * javascript: URLs, iframes (embeds) only from the video hosts of contracts/src/embeds.ts and with no camera,
 * microphone or location delegated. Used for page and article bodies saved by
 * anyone who is not an administrator.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'hr', 'a', 'img', 'iframe', 'div', 'span', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'allow', 'title'],
    code: ['class'],
    pre: ['class'],
    div: ['data-embed', 'class'],
    ...Object.fromEntries(ALIGNED.map((t) => [t, ['style']])),
  },
  allowedClasses: { code: [/^language-[\w+-]+$/], pre: [/^language-[\w+-]+$/], div: ['embed'] },
  allowedStyles: Object.fromEntries(ALIGNED.map((t) => [t, textAlign])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowIframeRelativeUrls: false,
  // An iframe from any other host is dropped with its contents.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbedUrl(frame.attribs.src ?? ''),
  transformTags: {
    iframe: (tagName, attribs) => {
      const { allow, ...rest } = attribs;
      const kept = allow ? safeEmbedAllow(allow) : '';
      return { tagName, attribs: kept ? { ...rest, allow: kept } : rest };
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
