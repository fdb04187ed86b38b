import { useEffect, useRef, useState } from 'react';
import type { TitleImage } from '@app/contracts';
import { trans } from '../../lib/i18n';

/**
 * Images as thumbnails; a click opens the lightbox: a modal dialog with the large image, previous/next
 * buttons and the keyboard (arrows move, Escape closes, focus returns to the thumbnail).
 */
export function ImageGallery({ images, name }: { images: TitleImage[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return <p className="text-text-muted">{trans('No images yet.')}</p>;
  const close = () => setOpen(null);
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {images.map((img, i) => (
          <li key={img.id}>
            <button
              type="button"
              onClick={(e) => { e.currentTarget.focus(); setOpen(i); }}
              className="block aspect-video w-full overflow-hidden rounded-md bg-bg-alt focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={trans('Open image :number of :count', { number: i + 1, count: images.length })}
            >
              <img src={img.url} alt="" loading="lazy" className="h-full w-full object-cover transition hover:scale-105" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <Lightbox images={images} index={open} name={name} onIndex={setOpen} onClose={close} />}
    </>
  );
}

function Lightbox({ images, index, name, onIndex, onClose }: { images: TitleImage[]; index: number; name: string; onIndex(i: number): void; onClose(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const count = images.length;
  const go = (delta: number) => onIndex((index + delta + count) % count);

  // Focus moves into the dialog and, when it closes, back to what had it (the thumbnail that opened it).
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    return () => opener?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); onClose(); }
      else if (e.key === 'ArrowRight') { e.preventDefault(); onIndex((index + 1) % count); }
      else if (e.key === 'ArrowLeft') { e.preventDefault(); onIndex((index - 1 + count) % count); }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => { document.removeEventListener('keydown', onKey); document.body.style.overflow = overflow; };
  }, [index, count, onClose, onIndex]);

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={trans(':name images', { name })}
      tabIndex={-1}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/90 p-4 outline-none"
      onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}
    >
      <img src={images[index].url} alt={trans('Image :number of :count', { number: index + 1, count })} className="max-h-full max-w-full rounded-md object-contain" />
      <p className="absolute bottom-4 left-1/2 -translate-x-1/2 text-sm text-white" aria-live="polite">{index + 1} / {count}</p>
      <button type="button" onClick={onClose} className="absolute end-4 top-4 rounded-full bg-black/60 px-3 py-1 text-2xl text-white" aria-label={trans('Close')}>×</button>
      {count > 1 && (
        <>
          <button type="button" onClick={() => go(-1)} className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 px-3 py-2 text-2xl text-white" aria-label={trans('Previous image')}>‹</button>
          <button type="button" onClick={() => go(1)} className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 px-3 py-2 text-2xl text-white" aria-label={trans('Next image')}>›</button>
        </>
      )}
    </div>
  );
}
