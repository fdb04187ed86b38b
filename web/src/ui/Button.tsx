import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

/** `overlay`: over a picture under a dark scrim (the home hero), which stays dark in the light themes too. */
export type ButtonVariant = 'primary' | 'outline' | 'text' | 'danger' | 'overlay';

export function buttonClass(variant: ButtonVariant = 'outline', size: 'sm' | 'md' | 'icon' = 'md', extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors select-none whitespace-nowrap',
    // aria-disabled: a button that keeps focus while its work is in flight looks as disabled as one that cannot.
    'disabled:opacity-50 disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    size === 'sm' && 'h-8 px-3 text-sm',
    size === 'md' && 'h-9 px-4 text-sm',
    size === 'icon' && 'h-9 w-9 p-0',
    variant === 'primary' && 'bg-primary text-on-primary hover:bg-primary-hover',
    variant === 'outline' && 'border border-border bg-bg-elevated hover:bg-hover',
    variant === 'text' && 'hover:bg-hover',
    variant === 'overlay' && 'border border-white/40 bg-black/40 text-white hover:bg-black/60',
    // Outlined: white on a theme's light danger red (the dark themes') falls below 4.5:1; danger on the page never does.
    variant === 'danger' && 'border border-danger bg-transparent text-danger hover:bg-danger/10',
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'icon';
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'outline', size = 'md', className, type = 'button', ...props }, ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />;
});
