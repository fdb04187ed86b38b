import { DEFAULT_DARK_COLORS, DEFAULT_LIGHT_COLORS, textDirection } from '@app/contracts';
import type { MailMessage } from './mailer.ts';
import { escapeMarkup } from '../../lib/escape.ts';

/**
 * What a mail says, already translated: paragraphs, an optional button to a link, paragraphs after it, and an
 * optional small print under the card (why the member gets it, and a link to stop it).
 */
export interface MailBody {
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  footer?: { text: string; link: { label: string; url: string } };
  /** The language it is written in (linesLanguage of the lines it was translated with): the HTML's lang and direction. */
  language?: string;
  /** A picture above the paragraphs (a series' poster), by absolute address; the text version goes without. */
  image?: { url: string; alt: string };
}

// Mail clients ignore style sheets and most modern CSS: one centred table, inline styles. The light theme's colours
// (mail is read on white), the button in the site's default accent (the dark theme's coral).
const { bg: BG, 'bg-alt': BG_ALT, border: BORDER, text: TEXT, 'text-muted': MUTED } = DEFAULT_LIGHT_COLORS;
const { primary: ACCENT, 'on-primary': ON_ACCENT } = DEFAULT_DARK_COLORS;
/** A stored image's address as a mail client must have it: absolute, on http(s) only (else null). */
export function absoluteUrl(src: string, siteUrl: string): string | null {
  try {
    const url = new URL(src, siteUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const paragraph = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;white-space:pre-line">${escapeMarkup(s)}</p>`;

/**
 * A mail in two versions, so every client shows something readable: plain text (the link on a line of its own) and
 * HTML with the site's logo (or, without one, its name) over the body and the action as a button, its address written out beneath for clients
 * that block buttons. Every text is escaped: names and messages come from users.
 */
export function composeMail(site: { name: string; url: string; logo?: string }, to: string, subject: string, body: MailBody): MailMessage {
  const after = body.after ?? [];
  const footer = body.footer ? [`-- \n${body.footer.text}\n${body.footer.link.label}: ${body.footer.link.url}`] : [];
  const text = [...body.paragraphs, ...(body.action ? [body.action.url] : []), ...after, ...footer].join('\n\n');
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeMarkup(body.action.url)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${ACCENT};color:${ON_ACCENT};font-weight:600;text-decoration:none">${escapeMarkup(body.action.label)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};word-break:break-all"><a href="${escapeMarkup(body.action.url)}" style="color:${MUTED}">${escapeMarkup(body.action.url)}</a></p>`
    : '';
  const image = body.image
    ? `<img src="${escapeMarkup(body.image.url)}" alt="${escapeMarkup(body.image.alt)}" width="96" style="display:block;width:96px;height:auto;border-radius:6px;margin:0 0 20px">`
    : '';
  const logo = site.logo ? absoluteUrl(site.logo, site.url) : null;
  // The logo's alternative text is the name: clients that block images show the name in its place.
  const brand = logo
    ? `<img src="${escapeMarkup(logo)}" alt="${escapeMarkup(site.name)}" height="32" style="display:block;height:32px;width:auto;max-width:200px;border:0;font-size:20px;font-weight:700;color:${TEXT}">`
    : escapeMarkup(site.name);
  // A mail in Arabic or Hebrew reads right to left; screen readers pick the voice by the lang.
  const language = body.language ?? 'en';
  const html = `<!doctype html><html lang="${escapeMarkup(language)}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(subject)}</title></head>`
    + `<body style="margin:0;padding:0;background:${BG_ALT};font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${TEXT}">`
    + `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BG_ALT}"><tr><td align="center" style="padding:32px 16px">`
    + `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${BG};border:1px solid ${BORDER};border-radius:8px">`
    + `<tr><td style="padding:20px 32px;border-bottom:1px solid ${BORDER}"><a href="${escapeMarkup(site.url)}" style="font-size:20px;font-weight:700;color:${TEXT};text-decoration:none">${brand}</a></td></tr>`
    + `<tr><td style="padding:32px">${image}${body.paragraphs.map(paragraph).join('')}${action}${after.map(paragraph).join('')}</td></tr>`
    + '</table>'
    + (body.footer
      ? `<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:18px;color:${MUTED}">${escapeMarkup(body.footer.text)} `
        + `<a href="${escapeMarkup(body.footer.link.url)}" style="color:${MUTED}">${escapeMarkup(body.footer.link.label)}</a></p>`
      : '')
    + '</td></tr></table></body></html>';
  return { to, subject, text, html };
}
