import { Check, Languages } from 'lucide-react';
import { errorMessage } from '../lib/api';
import { useSetting } from '../lib/auth';
import { trans } from '../lib/i18n';
import { changeLanguage, currentLanguage, useAvailableLocales } from '../lib/locale';
import { buttonClass } from './Button';
import { DropdownContent, DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator, DropdownTrigger } from './DropdownMenu';
import { toast } from './Toast';

/** The localizations a visitor can switch between; empty when i18n is off or there is nothing to choose. */
function useChoices() {
  const enabled = useSetting<boolean>('client.i18n.enable', true);
  const { data } = useAvailableLocales(enabled);
  const list = enabled ? data?.localizations ?? [] : [];
  return list.length > 1 ? list : [];
}

async function choose(language: string) {
  try {
    await changeLanguage(language);
  } catch (e) {
    toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
  }
}

/** Language items inside another dropdown (the account menu). */
export function LanguageMenuItems() {
  const choices = useChoices();
  if (!choices.length) return null;
  const active = currentLanguage();
  return (
    <>
      <DropdownSeparator />
      <DropdownLabel>{trans('Language')}</DropdownLabel>
      {choices.map((l) => (
        <DropdownItem key={l.language} onSelect={() => void choose(l.language)}>
          <span lang={l.language} className="flex-1">{l.name}</span>
          {l.language === active && <Check size="1rem" aria-label={trans('Selected')} />}
        </DropdownItem>
      ))}
    </>
  );
}

/** A standalone language button for visitors who are not signed in. */
export function LanguageSwitcher() {
  const choices = useChoices();
  if (!choices.length) return null;
  const active = currentLanguage();
  const activeName = choices.find((l) => l.language === active)?.name ?? active;
  return (
    <DropdownMenu>
      <DropdownTrigger className={buttonClass('text', 'sm')} aria-label={trans('Change language')}>
        <Languages size="1rem" aria-hidden />
        <span className="hidden sm:inline">{activeName}</span>
      </DropdownTrigger>
      <DropdownContent side="top">
        {choices.map((l) => (
          <DropdownItem key={l.language} onSelect={() => void choose(l.language)}>
            <span lang={l.language} className="flex-1">{l.name}</span>
            {l.language === active && <Check size="1rem" aria-label={trans('Selected')} />}
          </DropdownItem>
        ))}
      </DropdownContent>
    </DropdownMenu>
  );
}
