import { useState } from 'react';
import { ZoomIn } from 'lucide-react';
import { AD_SLOTS, type AdSlot } from '@app/contracts/settings';
import { trans } from '../../lib/i18n';
import { Modal } from '../../ui/Modal';
import { Section, SettingSwitch, SettingTextArea, SettingsForm } from '../settings/settings-form';
import { SlotIllustration } from './SlotIllustration';

export function slotLabel(slot: AdSlot): string {
  switch (slot) {
    case 'general_top': return trans('General top');
    case 'general_bottom': return trans('General bottom');
    case 'title_top': return trans('Title page top');
    case 'title_bottom': return trans('Title page bottom');
    case 'person_top': return trans('Person page top');
    case 'watch_top': return trans('Watch page top');
    case 'search_top': return trans('Search page top');
  }
}

function Slot({ slot }: { slot: AdSlot }) {
  const [zoomed, setZoomed] = useState(false);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="flex-1">
        <SettingTextArea name={`client.ads.${slot}`} label={slotLabel(slot)} rows={5} placeholder="<script async src=...></script>" />
      </div>
      <button
        type="button"
        onClick={() => setZoomed(true)}
        className="group w-full shrink-0 self-start rounded-md sm:mt-6 sm:w-44"
        aria-label={trans('Zoom the example of :slot', { slot: slotLabel(slot) })}
      >
        <SlotIllustration slot={slot} className="w-full" />
        <span className="mt-1 flex items-center justify-center gap-1 text-xs text-text-muted group-hover:text-text"><ZoomIn size={14} aria-hidden />{trans('Zoom')}</span>
      </button>
      <Modal open={zoomed} onOpenChange={setZoomed} title={slotLabel(slot)} size="lg">
        <SlotIllustration slot={slot} className="w-full" />
      </Modal>
    </div>
  );
}

export function Component() {
  return (
    <div className="p-4 desk:p-8">
      <SettingsForm title={trans('Predefined Ad slots')} description={trans('Paste the HTML or script of an ad network into a slot. Each slot is shown isolated in its own frame, so ad code cannot read visitors\' sessions.')}>
        <Section>
          <SettingSwitch name="client.ads.disable" label={trans('Disable ads')} description={trans('Hide every ad slot on the site without removing its code.')} />
        </Section>
        <Section>
          {AD_SLOTS.map((slot) => <Slot key={slot} slot={slot} />)}
        </Section>
        <Section>
          <SettingTextArea
            name="server.ads_txt" label={trans('ads.txt')} rows={4} placeholder="google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0"
            description={trans('Served at /ads.txt. Ad networks such as Google AdSense ask for it before they show ads: paste the lines they give you.')}
          />
        </Section>
      </SettingsForm>
    </div>
  );
}
