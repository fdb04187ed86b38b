import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Editor } from '@tiptap/react';
import { ArrowLeft, FileCode2, Redo2, Undo2 } from 'lucide-react';
import { slugify } from '@app/contracts/custom-pages';
import { ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { Button, buttonClass } from '../Button';
import { toast } from '../Toast';
import { SourceDialog } from './dialogs';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../LazyPart';

// TipTap and its languages are a large chunk: load them only when an editor opens.
const RichTextEditor = retryableLazy(() => import('./RichTextEditor'));

export interface PageEditorValues {
  title: string;
  slug: string;
  body: string;
}

export interface PageEditorProps {
  /** Where the back link goes (the list). */
  backTo: string;
  /** Existing values when editing (mount once they are loaded); a new page starts empty and its slug follows the title. */
  initial?: PageEditorValues;
  loading?: boolean;
  /** Shown before the slug field, e.g. "/pages/". */
  slugPrefix: string;
  /**
   * Saves; `release` lets a navigation that follows a successful save past the unsaved-changes prompt. Answers what
   * the server stored (it keeps slugs lower-case), so the slug field shows the address the page really has.
   */
  onSave: (values: PageEditorValues, saved: { release: () => void }) => Promise<{ slug: string } | void>;
  uploadImage: (file: File) => Promise<string>;
  /** A field of the entity outside the title, slug and body (a news article's image) has changes not saved yet. */
  dirty?: boolean;
  /** More fields of the entity (a news article's image), shown between the title and the body. */
  children?: ReactNode;
}

type Errors = Partial<Record<keyof PageEditorValues, string>>;

/** The page and article editor of Part C: sticky top bar (back, slug, undo, redo, source, save), title and rich text. */
export function PageEditor({ backTo, initial, loading, slugPrefix, onSave, uploadImage, dirty = false, children }: PageEditorProps) {
  const [values, setValues] = useState<PageEditorValues>(initial ?? { title: '', slug: '', body: '' });
  // What the server has, so leaving with a long text not saved asks first.
  const [saved, setSaved] = useState<PageEditorValues>(values);
  const changed = dirty || values.title !== saved.title || values.slug !== saved.slug || values.body !== saved.body;
  const unsaved = useUnsavedChanges(changed);
  // An existing page keeps its address; a new one's slug follows the title until edited by hand.
  const [slugTouched, setSlugTouched] = useState(Boolean(initial));
  const [editingTitle, setEditingTitle] = useState(!initial);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [sourceOpen, setSourceOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // The toolbar sticks right under the top bar, whose height changes when it wraps on small screens.
  const bar = useRef<HTMLDivElement>(null);
  const [barHeight, setBarHeight] = useState(0);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setBarHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const setTitle = (title: string) => {
    setValues((v) => ({ ...v, title, slug: slugTouched ? v.slug : slugify(title) }));
    setErrors((e) => ({ ...e, title: undefined }));
  };
  const setSlug = (slug: string) => {
    setSlugTouched(true);
    setValues((v) => ({ ...v, slug }));
    setErrors((e) => ({ ...e, slug: undefined }));
  };
  const setBody = useCallback((body: string) => setValues((v) => ({ ...v, body })), []);

  const save = async () => {
    setSaving(true);
    setErrors({});
    // Text typed while the save is on its way stays a change.
    const sent = values;
    try {
      const stored = await onSave({ ...sent, title: sent.title.trim(), slug: sent.slug.trim() }, { release: unsaved.release });
      const slug = stored ? stored.slug : sent.slug;
      setSaved({ ...sent, slug });
      // The slug as stored ("About-Us" is kept as "about-us"), unless it was edited again while saving.
      setValues((v) => (v.slug === sent.slug ? { ...v, slug } : v));
    } catch (e) {
      if (e instanceof ApiError && e.errors) {
        setErrors({ title: e.errors.title?.[0], slug: e.errors.slug?.[0], body: e.errors.body?.[0] });
        if (e.errors.title) setEditingTitle(true);
      }
      toast.danger(e instanceof Error && e.message ? e.message : trans('There was an issue. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const busy = loading || saving;
  const titleEmpty = !values.title.trim();

  return (
    <div className="flex min-h-full flex-col" style={{ '--page-editor-bar': `${barHeight}px` } as CSSProperties}>
      <div ref={bar} className="sticky top-0 z-20 flex flex-wrap items-center gap-2 border-b border-border bg-bg px-4 py-2">
        <Link to={backTo} className={buttonClass('text', 'icon')} aria-label={trans('Go back')}>
          <ArrowLeft size="1.125rem" aria-hidden className="rtl:-scale-x-100" />
        </Link>
        <div className="order-last flex w-full min-w-0 flex-col sm:order-none sm:w-auto sm:flex-1">
          <div className="flex min-w-0 items-center gap-1 text-sm">
            <label htmlFor="page-editor-slug" className="shrink-0 text-text-muted">{slugPrefix}</label>
            <input
              id="page-editor-slug"
              aria-label={trans('Slug')}
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={errors.slug ? 'page-editor-slug-error' : undefined}
              value={values.slug}
              onChange={(e) => setSlug(e.target.value)}
              placeholder={trans('slug')}
              className={`h-8 min-w-0 flex-1 rounded border bg-bg-elevated px-2 ${errors.slug ? 'border-danger' : 'border-border'}`}
            />
          </div>
          {errors.slug && <p id="page-editor-slug-error" role="alert" className="text-xs text-danger">{errors.slug}</p>}
        </div>
        <span className="flex-1 sm:hidden" aria-hidden />
        <Button variant="text" size="icon" aria-label={trans('Undo')} title={trans('Undo')} disabled={!editor?.can().undo()} onClick={() => editor?.chain().focus().undo().run()}>
          <Undo2 size="1.125rem" aria-hidden />
        </Button>
        <Button variant="text" size="icon" aria-label={trans('Redo')} title={trans('Redo')} disabled={!editor?.can().redo()} onClick={() => editor?.chain().focus().redo().run()}>
          <Redo2 size="1.125rem" aria-hidden />
        </Button>
        <Button variant="text" size="icon" aria-label={trans('Source code')} title={trans('Source code')} disabled={!editor} onClick={() => setSourceOpen(true)}>
          <FileCode2 size="1.125rem" aria-hidden />
        </Button>
        <Button variant="primary" disabled={busy || titleEmpty} onClick={save}>{trans('Save')}</Button>
      </div>

      <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-6">
        {/* The visible title is an editable field; screen readers and the skip link still need the page's heading. */}
        <h1 className="sr-only">{values.title.trim() || trans('Untitled page')}</h1>
        {editingTitle ? (
          <input
            aria-label={trans('Title')}
            autoFocus
            value={values.title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => values.title.trim() && setEditingTitle(false)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); editor?.commands.focus('start'); } }}
            placeholder={trans('Title')}
            className={`w-full rounded border bg-transparent px-1 text-3xl font-bold focus:border-primary ${errors.title ? 'border-danger' : 'border-transparent'}`}
          />
        ) : (
          <button
            type="button"
            className="w-full cursor-text rounded px-1 text-start text-3xl font-bold hover:bg-hover"
            aria-label={trans('Title: :title', { title: values.title })}
            onClick={() => setEditingTitle(true)}
            onFocus={() => setEditingTitle(true)}
          >
            {values.title}
          </button>
        )}
        {errors.title && <p role="alert" className="px-1 text-xs text-danger">{errors.title}</p>}
        {children}
        {loading ? (
          <div className="mt-6 flex flex-col gap-3" aria-busy="true"><div className="skeleton h-5 w-2/3" /><div className="skeleton h-5 w-1/2" /></div>
        ) : (
          <LazyPart fallback={<div className="mt-6 skeleton h-40" aria-busy="true" />}>
            <RichTextEditor content={values.body} onChange={setBody} onEditor={setEditor} uploadImage={uploadImage} label={trans('Content')} />
          </LazyPart>
        )}
        {errors.body && <p role="alert" className="text-xs text-danger">{errors.body}</p>}
      </div>
      {editor && <SourceDialog editor={editor} open={sourceOpen} onClose={() => setSourceOpen(false)} />}
      {unsaved.dialog}
    </div>
  );
}
