import { tokenize } from 'linkifyjs';

const SAFE_HREF = /^(https?:|mailto:)/i;

/**
 * User text as plain text with its links made clickable. Each piece is a React text node or an <a> whose href
 * linkify built from the text (http, https or mailto only), so no markup in the text is ever rendered.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p dir="auto" className={className ?? 'whitespace-pre-line'}>
      {tokenize(text).map((t, i) => {
        const href = t.isLink ? t.toHref('https') : '';
        return href && SAFE_HREF.test(href)
          ? <a key={i} href={href} rel="nofollow ugc noopener" target="_blank" className="text-primary underline">{t.toString()}</a>
          : <span key={i}>{t.toString()}</span>;
      })}
    </p>
  );
}
