import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { TitleImage } from '@app/contracts';
import { pageIsRtl } from '../../lib/direction';
import { trans } from '../../lib/i18n';
import { responsiveImage } from '@app/contracts/image-sizes';

/**
 * Images as thumbnails; a click opens the lightbox: a modal dialog with the large image, previous/next
 * buttons and the keyboard (arrows move, Escape closes, focus returns to the thumbnail).
 */
export function ImageGallery({ images, name }: { images: TitleImage[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  // The thumbnail that opened the lightbox, to give focus back to (the dialog has no Radix trigger of its own).
  const opener = useRef<HTMLElement | null>(null);
  if (!images.length) return <p className="text-text-muted">{trans('No images yet.')}</p>;
  const close = () => setOpen(null);
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {images.map((img, i) => (
          <li key={img.id}>
            <button
              type="button"
              onClick={(e) => { e.currentTarget.focus(); opener.current = e.currentTarget; setOpen(i); }}
              className="block aspect-video w-full overflow-hidden rounded-md bg-bg-alt focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={trans('Open image :number of :count', { number: i + 1, count: images.length })}
            >
              <img {...responsiveImage(img.url, 'landscape')} alt="" loading="lazy" className="h-full w-full object-cover transition hover:scale-105" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <Lightbox images={images} index={open} name={name} onIndex={setOpen} onClose={close} opener={opener} />}
    </>
  );
}

/**
 * A Radix dialog (as every other dialog here): focus moves in, Tab stays inside it, the page behind is hidden from
 * screen readers and cannot scroll, Escape closes it and focus returns to the thumbnail. Before, Tab walked out of
 * the lightbox into the page hidden behind it.
 */
function Lightbox({ images, index, name, onIndex, onClose, opener }: {
  images: TitleImage[]; index: number; name: string; onIndex(i: number): void; onClose(): void; opener: RefObject<HTMLElement | null>;
}) {
  const count = images.length;
  const go = (delta: number) => onIndex((index + delta + count) % count);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    go(pageIsRtl() ? -step : step);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => { if (!open) onClose(); }}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(e) => { e.preventDefault(); opener.current?.focus(); }}
          className="fixed inset-0 z-50 flex items-center justify-center bg-black/90 p-4 outline-none"
          onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}
        >
          <Dialog.Title className="sr-only">{trans(':name images', { name })}</Dialog.Title>
          <img src={images[index].url} alt={trans('Image :number of :count', { number: index + 1, count })} className="max-h-full max-w-full rounded-md object-contain" />
          <p className="absolute bottom-4 left-1/2 -translate-x-1/2 text-sm text-white" aria-live="polite">{index + 1} / {count}</p>
          <Dialog.Close className="absolute end-4 top-4 rounded-full bg-black/60 px-3 py-1 text-2xl text-white focus-visible:outline-2 focus-visible:outline-white" aria-label={trans('Close')}>×</Dialog.Close>
          {count > 1 && (
            <>
              <button type="button" onClick={() => go(-1)} className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 px-3 py-2 text-2xl text-white focus-visible:outline-2 focus-visible:outline-white" aria-label={trans('Previous image')}>‹</button>
              <button type="button" onClick={() => go(1)} className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 px-3 py-2 text-2xl text-white focus-visible:outline-2 focus-visible:outline-white" aria-label={trans('Next image')}>›</button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
