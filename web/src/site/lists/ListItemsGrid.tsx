import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, X } from 'lucide-react';
import { useState } from 'react';
import type { ListItem } from '@app/contracts/lists';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { PosterCard } from '../ui/PosterCard';
import { POSTER_GRID_CLASS } from '../ui/PosterGrid';
import { ROVING_ITEM, useRovingRow } from '../../ui/roving-row';
import { sortableAccessibility } from '../../ui/sortable-accessibility';

const CONTROL = 'absolute z-20 flex h-8 w-8 items-center justify-center rounded-full bg-black/75 text-white shadow hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

function Card({ item, onRemove, sortable, tabIndex }: { item: ListItem; onRemove?: (item: ListItem) => void; sortable: boolean; tabIndex: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !sortable });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} data-testid="list-item"
      className={cn('relative', isDragging && 'z-30 opacity-80')}>
      <PosterCard title={item} tabIndex={tabIndex} />
      {sortable && (
        <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} tabIndex={tabIndex} className={cn(CONTROL, 'bottom-16 start-2 cursor-grab touch-none')}
          aria-label={trans('Move :name', { name: item.name })}>
          <GripVertical size="1rem" aria-hidden />
        </button>
      )}
      {onRemove && (
        <button type="button" tabIndex={tabIndex} className={cn(CONTROL, 'bottom-16 end-2')} onClick={() => onRemove(item)} aria-label={trans('Remove :name', { name: item.name })}>
          <X size="1rem" aria-hidden />
        </button>
      )}
    </li>
  );
}

/**
 * A list's items as poster cards. The owner reorders by dragging a card's handle, or from the keyboard (focus the
 * handle, Space to lift, arrow keys to move, Space to drop); `onMove` gets the item and its new 0-based place.
 * The new order shows at once and stays until the saved order comes back.
 */
export function ListItemsGrid({ items, onRemove, onMove, label }: {
  items: ListItem[]; label: string; onRemove?: (item: ListItem) => void; onMove?: (item: ListItem, position: number) => Promise<unknown>;
}) {
  const [override, setOverride] = useState<ListItem[] | null>(null);
  const shown = override ?? items;
  const roving = useRovingRow(shown.length, { grid: true });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!onMove || !over || active.id === over.id) return;
    const from = shown.findIndex((i) => i.id === active.id);
    const to = shown.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    setOverride(arrayMove(shown, from, to));
    void onMove(shown[from], to).finally(() => setOverride(null));
  };
  const grid = (
    // One Tab stop like the poster grids: the arrow keys move between the cards' links; on a lifted handle they are
    // the drag's (dnd-kit's keyboard sensor), so only keys pressed on a card's link move focus.
    <ul className={POSTER_GRID_CLASS} aria-label={label} onFocus={roving.listProps.onFocus}
      onKeyDown={(e) => { if ((e.target as HTMLElement).hasAttribute(ROVING_ITEM)) roving.listProps.onKeyDown(e); }}>
      {shown.map((item, i) => <Card key={item.id} item={item} onRemove={onRemove} sortable={!!onMove} tabIndex={roving.tabIndexOf(i)} />)}
    </ul>
  );
  if (!onMove) return grid;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}
      accessibility={sortableAccessibility((id) => shown.find((i) => i.id === id)?.name ?? '')}>
      <SortableContext items={shown.map((i) => i.id)} strategy={rectSortingStrategy}>{grid}</SortableContext>
    </DndContext>
  );
}
