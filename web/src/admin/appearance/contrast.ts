import { HEX_COLOR } from '@app/contracts/appearance-constants';

/** Text colours of a theme and the backgrounds they are drawn on. */
export const CONTRAST_PAIRS: readonly (readonly [text: string, background: string])[] = [
  ['text', 'bg'], ['text', 'bg-alt'], ['text', 'bg-elevated'], ['text-muted', 'bg'], ['on-primary', 'primary'],
];
/** WCAG 2 level AA for normal text. */
export const MIN_CONTRAST = 4.5;

function rgba(hex: string): [number, number, number, number] | null {
  if (!HEX_COLOR.test(hex)) return null;
  let h = hex.slice(1);
  if (h.length <= 4) h = h.split('').map((c) => c + c).join('');
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), h.length === 8 ? n(6) / 255 : 1];
}

const luminance = ([r, g, b]: number[]) => {
  const lin = (v: number) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** The WCAG contrast ratio (1 to 21) of text in one colour on a background (a translucent text colour blends in), or null for a colour that is not a hex colour. */
export function contrastRatio(text: string, background: string): number | null {
  const fg = rgba(text);
  const bg = rgba(background);
  if (!fg || !bg) return null;
  const mixed = [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3]));
  const [hi, lo] = [luminance(mixed), luminance(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

/** For each text colour of a theme hard to read on one of its backgrounds: those backgrounds and the lowest ratio. */
export function contrastProblems(colors: Record<string, string>): Map<string, { backgrounds: string[]; ratio: number }> {
  const out = new Map<string, { backgrounds: string[]; ratio: number }>();
  for (const [text, background] of CONTRAST_PAIRS) {
    const ratio = contrastRatio(colors[text] ?? '', colors[background] ?? '');
    if (ratio === null || ratio >= MIN_CONTRAST) continue;
    const seen = out.get(text);
    out.set(text, { backgrounds: [...(seen?.backgrounds ?? []), background], ratio: Math.min(ratio, seen?.ratio ?? ratio) });
  }
  return out;
}
