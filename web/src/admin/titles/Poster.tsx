import { Film } from 'lucide-react';
import { responsiveImage } from '@app/contracts/image-sizes';

/** A small poster thumbnail, or a placeholder when the item has none. */
export function Poster({ src, alt, className = 'h-12 w-8' }: { src: string | null | undefined; alt: string; className?: string }) {
  if (!src) {
    return <div className={`${className} flex shrink-0 items-center justify-center rounded bg-bg-alt text-text-muted`} aria-hidden><Film size={14} /></div>;
  }
  return <img {...responsiveImage(src, 'thumb')} alt={alt} loading="lazy" className={`${className} shrink-0 rounded object-cover`} />;
}
