const dateFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d);
}

export const SIZE_UNIT_LIST = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type SizeUnit = (typeof SIZE_UNIT_LIST)[number];

export function toBytes(amount: number, unit: SizeUnit): number {
  return Math.round(amount * 1024 ** SIZE_UNIT_LIST.indexOf(unit));
}

/** Split a byte count into the largest unit that keeps an integer amount. */
export function fromBytes(bytes: number | null | undefined): { amount: string; unit: SizeUnit } {
  if (!bytes) return { amount: '', unit: 'MB' };
  for (let i = SIZE_UNIT_LIST.length - 1; i >= 0; i--) {
    const size = 1024 ** i;
    if (bytes % size === 0) return { amount: String(bytes / size), unit: SIZE_UNIT_LIST[i] };
  }
  return { amount: String(bytes), unit: 'B' };
}
