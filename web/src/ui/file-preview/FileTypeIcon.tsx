import { File, FileArchive, FileAudio, FileImage, FileSpreadsheet, FileText, FileType2, FileVideo, Folder, Image, type LucideIcon } from 'lucide-react';
import { THUMBNAIL_FALLBACK_MAX_BYTES, isRasterImage, type FileEntry, type FileType } from '@app/contracts/files';
import { cn } from '../cn';

const ICONS: Record<FileType, LucideIcon> = {
  text: FileText, audio: FileAudio, video: FileVideo, image: FileImage, pdf: FileText, spreadsheet: FileSpreadsheet,
  word: FileType2, photoshop: Image, archive: FileArchive, folder: Folder, file: File,
};

const COLORS: Partial<Record<FileType, string>> = {
  pdf: 'text-red-600', image: 'text-purple-600', video: 'text-pink-600', audio: 'text-orange-600', spreadsheet: 'text-green-700',
  word: 'text-blue-700', archive: 'text-amber-700', folder: 'text-sky-600',
};

export function FileTypeIcon({ type, size = '1.25rem', className }: { type: FileType; size?: number | string; className?: string }) {
  const Icon = ICONS[type] ?? File;
  return <Icon size={size} aria-hidden className={cn('shrink-0', COLORS[type], className)} />;
}

/**
 * A file's thumbnail: the generated one, else the image itself when it is small enough to load as a thumbnail,
 * else the type icon (images over 2 MB without a thumbnail, and SVGs, which are served only as downloads, show the icon).
 */
export function FileThumbnail({ entry, className }: { entry: Pick<FileEntry, 'type' | 'mime' | 'thumbnail' | 'url' | 'file_size' | 'name'>; className?: string }) {
  const src = entry.thumbnail ?? (entry.type === 'image' && isRasterImage(entry.mime) && entry.file_size <= THUMBNAIL_FALLBACK_MAX_BYTES ? entry.url : null);
  return (
    <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-bg-alt', className)}>
      {src ? <img src={src} alt="" loading="lazy" className="h-full w-full object-cover" data-testid="file-thumbnail" /> : <FileTypeIcon type={entry.type} />}
    </span>
  );
}
