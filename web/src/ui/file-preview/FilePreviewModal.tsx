import { useCallback, useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, Maximize, Minimize, X } from 'lucide-react';
import type { FileEntry } from '@app/contracts/files';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../Button';
import { FileTypeIcon } from './FileTypeIcon';
import { FilePreviewBody, downloadHref, useArrowKeys } from './previews';

export interface FilePreviewModalProps {
  entries: FileEntry[];
  /** Index of the open file in entries; null closes the previewer. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** Full-window previewer: previous and next through `entries`, download, fullscreen. */
export function FilePreviewModal({ entries, index, onIndexChange }: FilePreviewModalProps) {
  const open = index !== null && !!entries[index];
  const entry = open ? entries[index] : null;
  const container = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen?.().catch(() => undefined);
  };

  const hasPrev = open && index > 0;
  const hasNext = open && index < entries.length - 1;
  const prev = useCallback(() => { if (hasPrev) onIndexChange(index - 1); }, [hasPrev, index, onIndexChange]);
  const next = useCallback(() => { if (hasNext) onIndexChange(index + 1); }, [hasNext, index, onIndexChange]);
  useArrowKeys(prev, next, open);

  const close = (o: boolean) => {
    if (o) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    onIndexChange(null);
  };

  const iconButton = 'text-white hover:bg-white/10';
  // At the ends Previous/Next say so (aria-disabled) but keep focus: a disabled button threw it to <body>.
  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content ref={container} className="fixed inset-0 z-50 flex flex-col bg-black/85 text-white outline-none" aria-describedby={undefined} data-testid="file-preview">
          {entry && (
            <>
              <div className="flex h-14 shrink-0 items-center gap-3 px-3 sm:px-4">
                <FileTypeIcon type={entry.type} className="text-white" />
                <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium sm:text-base">{entry.name}</Dialog.Title>
                <span className="hidden text-sm text-white/70 sm:inline">{trans(':index of :count', { index: index! + 1, count: entries.length })}</span>
                <a href={downloadHref(entry)} download className={buttonClass('text', 'icon', iconButton)} aria-label={trans('Download')}>
                  <Download size="1.125rem" aria-hidden />
                </a>
                <Button variant="text" size="icon" className={iconButton} onClick={toggleFullscreen} aria-pressed={fullscreen}
                  aria-label={fullscreen ? trans('Exit fullscreen') : trans('Fullscreen')}>
                  {fullscreen ? <Minimize size="1.125rem" aria-hidden /> : <Maximize size="1.125rem" aria-hidden />}
                </Button>
                <Dialog.Close className={buttonClass('text', 'icon', iconButton)} aria-label={trans('Close')}>
                  <X size="1.25rem" aria-hidden />
                </Dialog.Close>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
                <Button variant="text" size="icon" className={`absolute start-1 top-1/2 z-10 -translate-y-1/2 sm:start-3 ${iconButton}`}
                  onClick={prev} aria-disabled={!hasPrev || undefined} aria-label={trans('Previous file')}>
                  <ChevronLeft size="1.75rem" aria-hidden className="rtl:-scale-x-100" />
                </Button>
                <div className="flex h-full w-full items-center justify-center" key={entry.id}>
                  <FilePreviewBody entry={entry} />
                </div>
                <Button variant="text" size="icon" className={`absolute end-1 top-1/2 z-10 -translate-y-1/2 sm:end-3 ${iconButton}`}
                  onClick={next} aria-disabled={!hasNext || undefined} aria-label={trans('Next file')}>
                  <ChevronRight size="1.75rem" aria-hidden className="rtl:-scale-x-100" />
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
