import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import type { ChannelContentModel, ChannelItem } from '@app/contracts/channels';
import { trans } from '../../lib/i18n';
import { Autocomplete } from '../../ui/Autocomplete';
import { buttonClass } from '../../ui/Button';
import { sortableAccessibility } from '../../ui/sortable-accessibility';
import { searchChannelItems } from './api';
import { responsiveImage } from '@app/contracts/image-sizes';

const keyOf = (i: ChannelItem) => `${i.model_type}:${i.id}`;
const subtitle = (i: ChannelItem) => (i.model_type === 'episode' ? `${i.title_name} · S${i.season_number}E${i.episode_number}` : i.year ? String(i.year) : i.known_for ?? i.slug ?? '');

function Row({ item, index, count, onMove, onRemove }: { item: ChannelItem; index: number; count: number; onMove: (from: number, to: number) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: keyOf(item) });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} data-testid="channel-item"
      className={`flex items-center gap-3 rounded-md border border-border bg-bg p-2 ${isDragging ? 'z-10 shadow-lg' : ''}`}>
      <button type="button" className={buttonClass('text', 'icon', 'cursor-grab')} aria-label={trans('Drag :name to reorder', { name: item.name })} {...attributes} {...listeners}>
        <GripVertical size={16} aria-hidden />
      </button>
      {item.poster ? <img {...responsiveImage(item.poster, 'thumb')} alt="" className="h-12 w-8 rounded object-cover" /> : <span className="h-12 w-8 rounded bg-bg-alt" />}
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{item.name}</span>
        <span className="truncate text-xs text-text-muted">{subtitle(item)}</span>
      </div>
      <button type="button" className={buttonClass('text', 'icon')} disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={trans('Move :name up', { name: item.name })}>
        <ArrowUp size={16} aria-hidden />
      </button>
      <button type="button" className={buttonClass('text', 'icon')} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={trans('Move :name down', { name: item.name })}>
        <ArrowDown size={16} aria-hidden />
      </button>
      <button type="button" className={buttonClass('text', 'icon')} onClick={onRemove} aria-label={trans('Remove :name', { name: item.name })}>
        <X size={16} aria-hidden />
      </button>
    </li>
  );
}

/**
 * A manual channel's items: search and add, drag (or keyboard: space, arrows, space; or the up/down buttons)
 * to reorder, remove. The order is saved with the channel.
 */
export function ContentEditor({ model, items, onChange, channelId }: { model: ChannelContentModel; items: ChannelItem[]; onChange: (items: ChannelItem[]) => void; channelId?: number }) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const move = (from: number, to: number) => onChange(arrayMove(items, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(items.findIndex((i) => keyOf(i) === active.id), items.findIndex((i) => keyOf(i) === over.id));
  };
  return (
    <section className="flex flex-col gap-3" aria-label={trans('Channel content')}>
      <Autocomplete<ChannelItem>
        label={trans('Add content')}
        resource={`channel-search-${model}`}
        search={(q) => searchChannelItems(model, q, channelId)}
        itemKey={keyOf}
        itemLabel={(i) => i.name}
        renderItem={(i) => <span className="flex flex-col"><span>{i.name}</span><span className="text-xs text-text-muted">{subtitle(i)}</span></span>}
        onSelect={(i) => { if (!items.some((x) => keyOf(x) === keyOf(i))) onChange([...items, i]); }}
        placeholder={trans('Search for content to add...')}
        clearOnSelect
      />
      {items.length === 0
        ? <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-text-muted">{trans('This channel has no content yet. Search above to add some.')}</p>
        : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}
            accessibility={sortableAccessibility((id) => items.find((i) => keyOf(i) === id)?.name ?? '')}>
            <SortableContext items={items.map(keyOf)} strategy={verticalListSortingStrategy}>
              <ol className="flex flex-col gap-2">
                {items.map((item, index) => (
                  <Row key={keyOf(item)} item={item} index={index} count={items.length} onMove={move} onRemove={() => onChange(items.filter((x) => keyOf(x) !== keyOf(item)))} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
    </section>
  );
}
