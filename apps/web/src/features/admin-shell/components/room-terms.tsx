import type { Room } from '@roomweek/contract';
import { describeDiscounts, describeSeasons, describeStayRules } from '@/lib/stay-rules';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * A room's stay rules, season prices and long-stay discounts at a glance (docs/behaviour.md §11), on the admin's
 * room cards and availability screen; "Any stay, one price" when it has none.
 */
export function RoomTerms({ room }: { room: Pick<Room, 'rules' | 'seasonal_prices' | 'long_stay_discounts'> }) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const rules = describeStayRules(room.rules, t, language);
  const groups: [string, string[]][] = [
    [t('stayRules.seasonsTitle'), describeSeasons(room.seasonal_prices, t, language)],
    [t('stayRules.discountsTitle'), describeDiscounts(room.long_stay_discounts, t, language)],
  ];
  if (rules.length === 0 && groups.every(([, lines]) => lines.length === 0)) {
    return <p className="text-xs text-stone-500">{t('rooms.noRules')}</p>;
  }
  return (
    <div className="flex flex-col gap-1.5 text-xs text-stone-700" data-testid="room-terms">
      {rules.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('rooms.rulesLabel')}>
          {rules.map((rule) => (
            <li key={rule} className="rounded-full bg-amber-50 px-2.5 py-0.5 text-amber-900">
              {rule}
            </li>
          ))}
        </ul>
      ) : null}
      {groups.map(([title, lines]) =>
        lines.length > 0 ? (
          <div key={title}>
            <span className="font-medium">{title}</span>
            <ul aria-label={title}>
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </div>
  );
}
