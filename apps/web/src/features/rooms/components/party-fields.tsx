import { MIN_GUESTS, partySize, type Party } from '@roomweek/contract';
import { Users } from 'lucide-react';
import { NumberStepper } from '@/components/number-stepper';
import { useTranslation } from '@/lib/i18n';

/**
 * Who comes (issue 26), asked before the stay's summary: adults (at least one) and children, together at most the
 * room's capacity.
 */
export function PartyFields({ party, maxGuests, onChange }: { party: Party; maxGuests: number; onChange: (party: Party) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{t('party.title')}</legend>
      <NumberStepper
        label={t('party.adultsLabel')}
        value={party.adults}
        min={MIN_GUESTS}
        max={maxGuests - party.children}
        onChange={(adults) => onChange({ ...party, adults })}
      />
      <NumberStepper
        label={t('party.childrenLabel')}
        hint={t('party.childrenHint')}
        value={party.children}
        min={0}
        max={maxGuests - party.adults}
        onChange={(children) => onChange({ ...party, children })}
      />
      <p className="flex items-center gap-2 text-sm text-stone-600">
        <Users aria-hidden="true" className="size-4" />
        {partySize(party) >= maxGuests ? t('party.full', { count: maxGuests }) : t('party.capacity', { count: maxGuests })}
      </p>
    </fieldset>
  );
}
