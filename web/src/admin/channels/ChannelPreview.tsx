import type { ChannelItem, ChannelLayout } from '@app/contracts/channels';
import { trans } from '../../lib/i18n';
import { ChannelItems } from '../../site/channels/ChannelLayouts';

/** The items as the site will show them, in the chosen layout (manual channels: live, as they are edited). */
export function ChannelPreview({ items, layout, note }: { items: ChannelItem[]; layout: ChannelLayout; note?: string }) {
  return (
    <section aria-label={trans('Preview')} className="flex flex-col gap-3 rounded-md border border-border p-4" data-testid="channel-preview">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-text-muted">{trans('Preview')}</h2>
      {note ? <p className="text-sm text-text-muted">{note}</p>
        : items.length ? <ChannelItems items={items.slice(0, 24)} layout={layout} label={trans('Preview')} />
          : <p className="text-sm text-text-muted">{trans('Nothing to show here yet.')}</p>}
    </section>
  );
}
