/**
 * The public site is the appearance editor's live preview when it is framed by the editor and loaded
 * with ?appearanceEditor. Read once: navigating inside the preview keeps the document. On its own (no theme or
 * query modules) so the route table can ask it without touching the document.
 */
export const isAppearancePreview = typeof window !== 'undefined' && window.parent !== window
  && new URLSearchParams(window.location.search).has('appearanceEditor');
