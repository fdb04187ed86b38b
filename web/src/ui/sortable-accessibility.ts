import type { Active, Announcements, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import { trans } from '../lib/i18n';

/**
 * What a screen reader hears while an item of a sortable list is moved: the item's name and its place, in the
 * site's language (dnd-kit's own messages are English and name items by their internal ids).
 */
export function sortableAccessibility(nameOf: (id: Active['id']) => string): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const place = (over: Over) => {
    const sortable = over.data.current?.sortable as { index: number; items: unknown[] } | undefined;
    return { position: (sortable?.index ?? 0) + 1, count: sortable?.items.length ?? 0 };
  };
  return {
    screenReaderInstructions: {
      draggable: trans('To pick up an item, press the space bar. While moving it, use the arrow keys. Press the space bar again to drop it in its new place, or press Escape to cancel.'),
    },
    announcements: {
      onDragStart: ({ active }) => trans('Picked up :name.', { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) => (over
        ? trans(':name moved to place :position of :count.', { name: nameOf(active.id), ...place(over) })
        : trans(':name is not over a place.', { name: nameOf(active.id) })),
      onDragEnd: ({ active, over }) => (over
        ? trans(':name dropped at place :position of :count.', { name: nameOf(active.id), ...place(over) })
        : trans(':name dropped.', { name: nameOf(active.id) })),
      onDragCancel: ({ active }) => trans('Moving :name was cancelled.', { name: nameOf(active.id) }),
    },
  };
}
