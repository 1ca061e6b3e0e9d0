import type { StayRules } from '@roomweek/contract';
import { CalendarRange } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { describeStayRules } from '@/lib/stay-rules';

/**
 * Why some days cannot be picked: the room's stay rules in words ("Arrivals and departures on Saturdays", "At least
 * 2 weeks"; docs/behaviour.md §11). Nothing when the room has none.
 */
export function StayRulesNote({ rules }: { rules: StayRules }) {
  const { t, i18n } = useTranslation();
  const sentences = describeStayRules(rules, t, i18n.language);
  if (sentences.length === 0) return null;
  return (
    <section aria-labelledby="stay-rules-title" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id="stay-rules-title" className="mb-2 flex items-center gap-2 font-semibold">
        <CalendarRange aria-hidden="true" className="size-4" />
        {t('stayRules.title')}
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}
