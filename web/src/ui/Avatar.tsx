import { initialsOf } from '../lib/format';
import { cn } from './cn';

export function Avatar({ src, label, size = 36, className }: { src?: string | null; label: string; size?: number; className?: string }) {
  const initial = initialsOf(label, 1) || '?';
  return src ? (
    <img src={src} alt="" width={size} height={size} className={cn('shrink-0 rounded-full object-cover', className)} style={{ width: size, height: size }} />
  ) : (
    <span
      aria-hidden
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-on-primary', className)}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {initial}
    </span>
  );
}
