import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { trans } from '../../lib/i18n';
import { DialogActions, FormDialog, Modal } from '../Modal';
import { Checkbox, TextArea, TextField } from '../fields';
import { isAllowedEmbedUrl, toEmbedUrl } from '@app/contracts/embeds';
import { useAuth, userCan } from '../../lib/auth';

/** Link targets are absolute web addresses, mail or phone links. */
function isUrl(value: string, protocols = ['http:', 'https:', 'mailto:', 'tel:']): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

interface DialogProps { editor: Editor; open: boolean; onClose: () => void }

/**
 * Part C's link rules: with an empty selection, the text and URL insert a new link; with a selection,
 * a URL sets the link on it and an empty URL removes it. Targets are _self or _blank.
 */
export function LinkDialog({ editor, open, onClose }: DialogProps) {
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [blank, setBlank] = useState(false);
  const [hasSelection, setHasSelection] = useState(false);
  const [error, setError] = useState<{ url?: string; text?: string }>({});

  useEffect(() => {
    if (!open) return;
    // A caret inside a link edits that whole link.
    if (editor.state.selection.empty && editor.isActive('link')) editor.chain().extendMarkRange('link').run();
    const attrs = editor.getAttributes('link') as { href?: string; target?: string };
    setUrl(attrs.href ?? '');
    setBlank(attrs.target === '_blank');
    setText('');
    setError({});
    setHasSelection(!editor.state.selection.empty);
  }, [open, editor]);

  const submit = () => {
    const href = url.trim();
    const target = blank ? '_blank' : '_self';
    if (href && !isUrl(href)) return setError({ url: trans('Enter a valid URL.') });
    if (hasSelection) {
      if (href) editor.chain().focus().extendMarkRange('link').setLink({ href, target }).run();
      else editor.chain().focus().extendMarkRange('link').unsetLink().run();
    } else {
      const errors = { url: href ? undefined : trans('Enter a valid URL.'), text: text.trim() ? undefined : trans('Enter the link text.') };
      if (errors.url || errors.text) return setError(errors);
      editor.chain().focus().insertContent({ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href, target } }] }).run();
    }
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={trans('Insert link')}
      size="sm"
      onSubmit={submit}
      label={trans('Save')}
    >
      <TextField label={trans('URL')} type="url" value={url} onChange={(e) => setUrl(e.target.value)} error={error.url} autoFocus
        description={hasSelection ? trans('Leave empty to remove the link.') : undefined} />
      {!hasSelection && <TextField label={trans('Text')} value={text} onChange={(e) => setText(e.target.value)} error={error.text} />}
      <Checkbox label={trans('Open in new window')} checked={blank} onChange={(e) => setBlank(e.target.checked)} />
    </FormDialog>
  );
}

/** Embeds a page (a video player, a map) by its https address. */
export function EmbedDialog({ editor, open, onClose }: DialogProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  // The server keeps iframes of non-admins only from the video hosts list; say so here instead of losing them on save.
  const trusted = userCan(useAuth().user, 'admin');
  useEffect(() => { if (open) { setUrl(''); setError(undefined); } }, [open]);
  const submit = () => {
    const src = toEmbedUrl(url.trim()) ?? url.trim();
    if (!isUrl(src, ['https:'])) return setError(trans('Enter a valid URL that starts with https://.'));
    if (!trusted && !isAllowedEmbedUrl(src)) return setError(trans('Only videos from YouTube, Vimeo, Dailymotion, Twitch, Wistia and Loom can be embedded.'));
    // A code block holds text only: the embed goes right after it instead of being dropped.
    const chain = editor.chain().focus();
    if (editor.isActive('codeBlock')) chain.exitCode();
    if (!chain.setEmbed({ src }).run()) return setError(trans('The embed cannot be inserted here. Move the cursor to an empty line and try again.'));
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={trans('Embed')}
      size="sm"
      onSubmit={submit}
      label={trans('Insert')}
    >
      <TextField label={trans('Embed URL')} type="url" value={url} onChange={(e) => setUrl(e.target.value)} error={error} autoFocus
        description={trusted ? trans('A YouTube or Vimeo link, or any page that can be embedded.') : trans('A YouTube, Vimeo, Dailymotion, Twitch, Wistia or Loom link.')} />
    </FormDialog>
  );
}

/** Edit the body as HTML; applying replaces the editor's content. */
export function SourceDialog({ editor, open, onClose }: DialogProps) {
  const [html, setHtml] = useState('');
  useEffect(() => { if (open) setHtml(editor.getHTML()); }, [open, editor]);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={trans('Source code')}
      size="lg"
      footer={(
        <DialogActions
          onCancel={onClose}
          onClick={() => { editor.chain().focus().setContent(html, { emitUpdate: true }).run(); onClose(); }}
          label={trans('Apply')}
        />
      )}
    >
      <TextArea label={trans('HTML')} value={html} onChange={(e) => setHtml(e.target.value)} rows={16} className="font-mono text-xs" spellCheck={false} />
    </Modal>
  );
}
