/** Whether the page reads right to left: `<html dir>`, set by the server and on a change of language (lib/locale.ts). */
export function pageIsRtl(): boolean {
  return document.documentElement.dir === 'rtl';
}
