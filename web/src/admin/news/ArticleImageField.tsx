import { useId, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { PAGE_MEDIA_MAX_BYTES } from '@app/contracts/custom-pages';
import { errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import { uploadNewsImage } from './api';

/** The article's image above its body: upload (images only, at most 2,097,152 bytes), preview, remove. */
export function ArticleImageField({ value, onChange }: { value: string | null; onChange: (url: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // Checked here for a quick answer; the server checks again (sniffed type, size).
    if (!file.type.startsWith('image/')) return setError(trans('The file must be an image (png, jpeg, gif or webp).'));
    if (file.size > PAGE_MEDIA_MAX_BYTES) return setError(trans('The image may not be greater than 2 MB.'));
    setBusy(true);
    try {
      onChange(await uploadNewsImage(file));
    } catch (e) {
      const message = errorMessage(e, trans('There was an issue. Please try again.'));
      setError(message);
      toast.danger(message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-2">
      {value ? (
        <div className="relative overflow-hidden rounded-lg border border-border bg-bg-alt">
          <img src={value} alt={trans('Article image')} className="aspect-[21/9] max-h-72 w-full object-cover" />
          <div className="absolute end-2 top-2 flex gap-2">
            <Button variant="outline" size="sm" className="bg-bg/90" disabled={busy} onClick={() => input.current?.click()}>
              <ImagePlus size={16} aria-hidden />{trans('Replace image')}
            </Button>
            <Button variant="outline" size="sm" className="bg-bg/90" onClick={() => onChange(null)}>
              <Trash2 size={16} aria-hidden />{trans('Remove image')}
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-describedby={error ? errorId : undefined}
          className="flex h-28 w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border text-sm text-text-muted hover:border-primary hover:text-primary disabled:opacity-60"
        >
          <ImagePlus size={28} aria-hidden />
          {busy ? trans('Uploading…') : trans('Upload article image')}
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={trans('Article image file')}
        data-testid="news-image-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {error && <p id={errorId} role="alert" className="text-xs text-danger">{error}</p>}
    </div>
  );
}
