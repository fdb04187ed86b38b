import { Film } from 'lucide-react';
import { cn } from '../../ui/cn';
import { responsiveImage } from '@app/contracts/image-sizes';

/**
 * A video card's picture: the first image given (the video's thumbnail, then its title's backdrop or poster), or a
 * film icon on the card's tile when there is none, never an empty black box. Fills its (aspect-video) frame.
 */
export function VideoPicture({ images, iconSize = '1.5rem', className }: { images: (string | null | undefined)[]; iconSize?: number | string; className?: string }) {
  const image = images.find(Boolean);
  return image ? <img {...responsiveImage(image, 'landscape')} alt="" loading="lazy" className={cn('h-full w-full object-cover', className)} />
    : <span className="flex h-full w-full items-center justify-center text-text-muted" data-testid="video-picture-placeholder"><Film size={iconSize} aria-hidden /></span>;
}
