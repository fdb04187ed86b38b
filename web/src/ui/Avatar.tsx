import { initialsOf } from '../lib/format';
import { cn } from './cn';

/** `size` in px at the usual 16 px root: drawn in rem, so it grows with the public site on a big screen. */
export function Avatar({ src, label, size = 36, className }: { src?: string | null; label: string; size?: number; className?: string }) {
  const initial = initialsOf(label, 1) || '?';
  const rem = `${size / 16}rem`;
  return src ? (
    <img src={src} alt="" width={size} height={size} className={cn('shrink-0 rounded-full object-cover', className)} style={{ width: rem, height: rem }} />
  ) : (
    <span
      aria-hidden
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-on-primary', className)}
      style={{ width: rem, height: rem, fontSize: `${(size * 0.42) / 16}rem` }}
    >
      {initial}
    </span>
  );
}
