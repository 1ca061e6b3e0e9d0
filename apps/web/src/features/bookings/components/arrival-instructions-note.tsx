import type { Booking } from '@roomweek/contract';
import { KeyRound } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';

/**
 * The property's arrival instructions, which the server gives a confirmed stay's guest only from
 * ARRIVAL_INSTRUCTIONS_DAYS before arrival on (docs/behaviour.md §21); the owner's free text, line breaks kept.
 */
export function ArrivalInstructionsNote({ booking }: { booking: Booking }) {
  const { t } = useTranslation(['checkin']);
  if (!booking.arrival_instructions) return null;
  return (
    <section className="rounded-lg border border-teal-200 bg-teal-50 px-3 py-2 text-sm text-teal-950" aria-label={t('instructions.title')}>
      <h3 className="mb-1 flex items-center gap-2 font-medium">
        <KeyRound aria-hidden="true" className="size-4 shrink-0" />
        {t('instructions.title')}
      </h3>
      <p className="break-words whitespace-pre-line" data-testid="arrival-instructions">
        {booking.arrival_instructions}
      </p>
    </section>
  );
}
