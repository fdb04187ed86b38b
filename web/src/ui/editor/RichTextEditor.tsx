import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import {
  AlignCenter, AlignJustify, AlignLeft, AlignRight, Bold, Code2, Image as ImageIcon, Italic, Link2, List, ListOrdered, Quote, SquarePlay, Strikethrough, Underline,
} from 'lucide-react';
import { trans } from '../../lib/i18n';
import { cn } from '../cn';
import { useRovingToolbar, type RovingItemProps } from '../roving-row';
import { DropdownContent, DropdownItem, DropdownMenu, DropdownTrigger } from '../DropdownMenu';
import { toast } from '../Toast';
import { EmbedDialog, LinkDialog } from './dialogs';
import { CODE_LANGUAGES, editorExtensions } from './extensions';
import './rich-text.css';

/** Editor images: images only, at most 2,097,152 bytes (Part C). */
export const EDITOR_IMAGE_MAX_BYTES = 2_097_152;

export interface RichTextEditorProps {
  content: string;
  onChange: (html: string) => void;
  /** Hands the editor to the page around it (undo, redo and the source dialog live in its top bar). */
  onEditor?: (editor: Editor | null) => void;
  /** Uploads an image and answers its public URL. */
  uploadImage: (file: File) => Promise<string>;
  label: string;
}

function ToolButton({ label, active, onClick, disabled, item, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; item: (key: string) => RovingItemProps; children: React.ReactNode }) {
  return (
    <button
      {...item(label)}
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // A click leaves the caret in the text: taken by the button, focus came back a frame later, and keys typed at once
      // (Enter after 'Align center') reached the button instead.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn('inline-flex h-8 w-8 items-center justify-center rounded hover:bg-hover disabled:opacity-50', active && 'bg-selected text-primary')}
    >
      {children}
    </button>
  );
}

const Divider = () => <span className="mx-1 h-5 w-px bg-border" aria-hidden />;

export function RichTextEditor({ content, onChange, onEditor, uploadImage, label }: RichTextEditorProps) {
  const [dialog, setDialog] = useState<'link' | 'embed' | null>(null);
  const [uploading, setUploading] = useState(false);
  // One Tab stop from the text style to Embed: the arrow keys move along the toolbar, Tab goes on to the text.
  const { itemProps: item, toolbarProps } = useRovingToolbar('block-type');
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: editorExtensions(trans('Start writing…')),
    content,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { class: 'rich-text min-h-[50vh] px-1 py-4', 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.getHTML()),
  });

  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  if (!editor) return null;

  const heading = ([1, 2, 3, 4] as const).find((level) => editor.isActive('heading', { level }));
  const setBlock = (value: string) => {
    const chain = editor.chain().focus();
    if (value === 'p') chain.setParagraph().run();
    else chain.setHeading({ level: Number(value) as 1 | 2 | 3 | 4 }).run();
  };

  const pickImage = async (file: File) => {
    if (!file.type.startsWith('image/')) return toast.danger(trans('The file must be an image (png, jpeg, gif or webp).'));
    if (file.size > EDITOR_IMAGE_MAX_BYTES) return toast.danger(trans('The image may not be greater than 2 MB.'));
    setUploading(true);
    try {
      const src = await uploadImage(file);
      editor.chain().focus().setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } catch (e) {
      toast.danger((e as Error).message || trans('Could not upload image'));
    } finally {
      setUploading(false);
    }
  };

  const alignments = [
    { value: 'left', label: trans('Align left'), icon: AlignLeft },
    { value: 'center', label: trans('Align center'), icon: AlignCenter },
    { value: 'right', label: trans('Align right'), icon: AlignRight },
    { value: 'justify', label: trans('Justify'), icon: AlignJustify },
  ];

  return (
    <div className="flex flex-col">
      <div role="toolbar" aria-label={trans('Formatting')} {...toolbarProps} className="sticky top-[var(--page-editor-bar,0px)] z-10 flex flex-wrap items-center gap-0.5 border-b border-border bg-bg py-1.5">
        <label className="sr-only" htmlFor="editor-block-type">{trans('Text style')}</label>
        <select
          {...item('block-type')}
          id="editor-block-type"
          className="h-8 rounded border border-border bg-bg-elevated px-2 text-sm"
          value={heading ? String(heading) : 'p'}
          onChange={(e) => setBlock(e.target.value)}
        >
          <option value="p">{trans('Paragraph')}</option>
          {[1, 2, 3, 4].map((l) => <option key={l} value={l}>{trans('Heading :number', { number: l })}</option>)}
        </select>
        <Divider />
        <ToolButton label={trans('Bold')} item={item} active={editor.isActive('bold')} onClick={() => editor.chain().focus().toggleBold().run()}><Bold size="1rem" /></ToolButton>
        <ToolButton label={trans('Italic')} item={item} active={editor.isActive('italic')} onClick={() => editor.chain().focus().toggleItalic().run()}><Italic size="1rem" /></ToolButton>
        <ToolButton label={trans('Underline')} item={item} active={editor.isActive('underline')} onClick={() => editor.chain().focus().toggleUnderline().run()}><Underline size="1rem" /></ToolButton>
        <ToolButton label={trans('Strikethrough')} item={item} active={editor.isActive('strike')} onClick={() => editor.chain().focus().toggleStrike().run()}><Strikethrough size="1rem" /></ToolButton>
        <ToolButton label={trans('Link')} item={item} active={editor.isActive('link')} onClick={() => setDialog('link')}><Link2 size="1rem" /></ToolButton>
        <Divider />
        {alignments.map(({ value, label: l, icon: Icon }) => (
          <ToolButton key={value} label={l} item={item} active={editor.isActive({ textAlign: value })} onClick={() => editor.chain().focus().setTextAlign(value).run()}><Icon size="1rem" /></ToolButton>
        ))}
        <Divider />
        <ToolButton label={trans('Bulleted list')} item={item} active={editor.isActive('bulletList')} onClick={() => editor.chain().focus().toggleBulletList().run()}><List size="1rem" /></ToolButton>
        <ToolButton label={trans('Numbered list')} item={item} active={editor.isActive('orderedList')} onClick={() => editor.chain().focus().toggleOrderedList().run()}><ListOrdered size="1rem" /></ToolButton>
        <ToolButton label={trans('Quote')} item={item} active={editor.isActive('blockquote')} onClick={() => editor.chain().focus().toggleBlockquote().run()}><Quote size="1rem" /></ToolButton>
        <DropdownMenu>
          <DropdownTrigger
            {...item('code-block')}
            aria-label={trans('Code block')}
            title={trans('Code block')}
            className={cn('inline-flex h-8 w-8 items-center justify-center rounded hover:bg-hover', editor.isActive('codeBlock') && 'bg-selected text-primary')}
          >
            <Code2 size="1rem" />
          </DropdownTrigger>
          <DropdownContent align="start" onCloseAutoFocus={(e) => { e.preventDefault(); editor.commands.focus(); }}>
            {CODE_LANGUAGES.map((lang) => (
              <DropdownItem key={lang.value} onSelect={() => editor.chain().focus().setCodeBlock({ language: lang.value }).run()}>{lang.label}</DropdownItem>
            ))}
          </DropdownContent>
        </DropdownMenu>
        <Divider />
        <ToolButton label={trans('Upload image')} item={item} disabled={uploading} onClick={() => fileInput.current?.click()}><ImageIcon size="1rem" /></ToolButton>
        <ToolButton label={trans('Embed')} item={item} onClick={() => setDialog('embed')}><SquarePlay size="1rem" /></ToolButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="hidden"
          aria-label={trans('Upload image')}
          data-testid="editor-image-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void pickImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
      <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
      <EmbedDialog editor={editor} open={dialog === 'embed'} onClose={() => setDialog(null)} />
    </div>
  );
}

export default RichTextEditor;
