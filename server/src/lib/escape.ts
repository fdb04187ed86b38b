const ENTITIES = new Map([['&', '&amp;'], ['<', '&lt;'], ['>', '&gt;'], ['"', '&quot;'], ["'", '&#39;']]);

/** Text made safe in HTML or XML: element content and quoted attribute values alike. */
export const escapeMarkup = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES.get(c)!);

/** For XML 1.0 documents (feeds, sitemaps): also drops the control characters XML has no place for. */
// eslint-disable-next-line no-control-regex
export const escapeXml = (s: string): string => escapeMarkup(s).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
