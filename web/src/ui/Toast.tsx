import { useSyncExternalStore } from 'react';
import { X } from 'lucide-react';
import { trans } from '../lib/i18n';
import { cn } from './cn';

interface ToastItem { id: number; message: string; type: 'success' | 'danger' | 'info' }

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Show a toast. Pass an already translated message. */
export function toast(message: string, type: ToastItem['type'] = 'success') {
  const id = nextId++;
  items = [...items.slice(-3), { id, message, type }];
  emit();
  window.setTimeout(() => dismiss(id), type === 'danger' ? 7000 : 4000);
}
toast.danger = (message: string) => toast(message, 'danger');

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items, () => items);
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed bottom-4 left-1/2 z-[60] flex -translate-x-1/2 flex-col items-center gap-2">
      {list.map((t) => (
        <div
          key={t.id}
          data-testid="toast"
          className={cn(
            'pointer-events-auto flex min-w-64 max-w-[90vw] items-center gap-3 rounded-md px-4 py-3 text-sm shadow-lg',
            t.type === 'danger' ? 'border border-danger bg-bg-elevated text-danger' : 'bg-text text-bg',
          )}
        >
          <span className="flex-1">{t.message}</span>
          <button type="button" onClick={() => dismiss(t.id)} aria-label={trans('Dismiss')} className="rounded p-0.5 opacity-80 hover:opacity-100">
            <X size="1rem" aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
