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
}

/** CodeMirror 6 with syntax highlighting; lazy-loaded so only the custom code section pays for it. */
export default function CodeEditor({ language, value, onChange, label, id }: CodeEditorProps) {
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
          language === 'css' ? css() : html(),
          EditorView.contentAttributes.of({ 'aria-label': label, id }),
          EditorView.updateListener.of((u) => { if (u.docChanged) change.current(u.state.doc.toString()); }),
          EditorView.theme({ '&': { fontSize: '13px', height: '320px' }, '.cm-scroller': { fontFamily: 'ui-monospace, monospace' } }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
    // The editor owns its text after creation; outside resets are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="overflow-hidden rounded-md border border-border bg-bg-elevated" data-testid={`code-editor-${language}`} />;
}
