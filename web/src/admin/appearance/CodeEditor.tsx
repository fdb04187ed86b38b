import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';

export interface CodeEditorProps {
  language: 'css' | 'html';
  value: string;
  onChange: (value: string) => void;
  label: string;
  id: string;
  /** Shown, not editable (the custom HTML for an editor who is not an administrator). */
  readOnly?: boolean;
}

/** CodeMirror 6 with syntax highlighting; lazy-loaded so only the custom code section pays for it. */
export default function CodeEditor({ language, value, onChange, label, id, readOnly = false }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(), history(), highlightActiveLine(), bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          // Typing a tag must not write its end tag too: pasted or hand-written code got a second </div>.
          language === 'css' ? css() : html({ autoCloseTags: false }),
          EditorView.contentAttributes.of({ 'aria-label': label, id, ...(readOnly ? { 'aria-readonly': 'true' } : {}) }),
          EditorState.readOnly.of(readOnly),
          EditorView.updateListener.of((u) => { if (u.docChanged) change.current(u.state.doc.toString()); }),
          // The site theme's colours, so the gutter and current line are not a light strip in a dark admin.
          EditorView.theme({
            '&': { fontSize: '13px', height: '320px', color: 'var(--color-text)' },
            '.cm-scroller': { fontFamily: 'ui-monospace, monospace' },
            '.cm-gutters': { backgroundColor: 'var(--color-bg-alt)', color: 'var(--color-text-muted)', borderRight: '1px solid var(--color-border)' },
            '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--color-hover)' },
            '.cm-cursor': { borderLeftColor: 'var(--color-text)' },
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
    // The editor owns its text after creation; outside resets are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, readOnly]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  // Code reads left to right, also in a right-to-left admin.
  return <div ref={host} dir="ltr" className="overflow-hidden rounded-md border border-border bg-bg-elevated" data-testid={`code-editor-${language}`} />;
}
