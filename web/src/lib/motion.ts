/** 'smooth', unless the visitor's system asks for less motion (then the scroll jumps). */
export const scrollBehavior = (): ScrollBehavior =>
  (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
