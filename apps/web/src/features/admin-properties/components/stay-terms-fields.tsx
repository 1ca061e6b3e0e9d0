import { addDays, type Room } from '@roomweek/contract';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { formatWeekday } from '@/lib/format';

/** The room form's stay terms as typed (numbers as text): what `roomForm` checks (docs/behaviour.md §11). */
export interface StayTermsDraft {
  rules: { changeover_days: number[]; min_nights: string; max_nights: string; whole_weeks: boolean };
  seasonal_prices: { start_date: string; end_date: string; price_per_week: string }[];
  long_stay_discounts: { min_weeks: string; percent: string }[];
  apply_rules_to_property: boolean;
}

export const stayTermsDraftOf = (room: Room | null): StayTermsDraft => ({
  rules: {
    changeover_days: room?.rules.changeover_days ?? [],
    min_nights: String(room?.rules.min_nights ?? 1),
    max_nights: room?.rules.max_nights == null ? '' : String(room.rules.max_nights),
    whole_weeks: room?.rules.whole_weeks ?? false,
  },
  seasonal_prices: (room?.seasonal_prices ?? []).map((season) => ({ ...season, price_per_week: String(season.price_per_week) })),
  long_stay_discounts: (room?.long_stay_discounts ?? []).map((tier) => ({ min_weeks: String(tier.min_weeks), percent: String(tier.percent) })),
  apply_rules_to_property: false,
});

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A Monday: the weekday names come from Intl in the interface language. */
const A_MONDAY = '2024-01-01';

function Section({ name, title, hint, error, children }: { name: string; title: string; hint: string; error?: string | undefined; children: ReactNode }) {
  return (
    <fieldset name={name} className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <p className="text-xs text-stone-500">{hint}</p>
      {children}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A list of rows of text fields (seasons, discount tiers): each row with its remove button, then an add button. */
function RowsEditor<Row extends Record<string, string>>({
  rows,
  onRowsChange,
  empty,
  className,
  testId,
  removeLabel,
  addLabel,
  disabled,
  children,
}: {
  rows: Row[];
  onRowsChange: (update: (rows: Row[]) => Row[]) => void;
  /** A new row's values. */
  empty: Row;
  className: string;
  testId: string;
  /** The remove button's name, given the row's number (from 1). */
  removeLabel: (number: number) => string;
  addLabel: string;
  disabled: boolean;
  /** A row's fields, given a setter of its values. */
  children: (row: Row, set: (field: keyof Row, value: string) => void) => ReactNode;
}) {
  return (
    <>
      {rows.map((row, index) => (
        <div key={index} className={className} data-testid={testId}>
          {children(row, (field, value) => onRowsChange((all) => all.map((other, i) => (i === index ? { ...other, [field]: value } : other))))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={removeLabel(index + 1)}
            onClick={() => onRowsChange((all) => all.filter((_, i) => i !== index))}
            disabled={disabled}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => onRowsChange((all) => [...all, empty])} disabled={disabled}>
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
    </>
  );
}

/** The room dialog's stay rules, seasonal prices and long-stay discounts, with "apply to every room of this property". */
export function StayTermsFields({
  draft,
  onChange,
  errors,
  disabled,
}: {
  draft: StayTermsDraft;
  onChange: (update: (draft: StayTermsDraft) => StayTermsDraft) => void;
  errors: Partial<Record<string, string>>;
  disabled: boolean;
}) {
  const { t, i18n } = useAdminTranslation();
  const setRules = (rules: Partial<StayTermsDraft['rules']>) => onChange((d) => ({ ...d, rules: { ...d.rules, ...rules } }));
  const toggleDay = (day: number) =>
    onChange((d) => {
      const days = d.rules.changeover_days;
      const changeover_days = days.includes(day) ? days.filter((other) => other !== day) : [...days, day].sort((a, b) => a - b);
      return { ...d, rules: { ...d.rules, changeover_days } };
    });

  return (
    <>
      <Section name="rules" title={t('rooms.form.rulesTitle')} hint={t('rooms.form.rulesHint')} error={errors.rules}>
        <div role="group" aria-label={t('rooms.form.changeoverDays')} className="flex flex-col gap-2">
          <span className="text-sm font-medium">{t('rooms.form.changeoverDays')}</span>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-1.5 text-sm capitalize">
                <input
                  type="checkbox"
                  checked={draft.rules.changeover_days.includes(day)}
                  onChange={() => toggleDay(day)}
                  disabled={disabled}
                />
                {formatWeekday(addDays(A_MONDAY, day - 1), i18n.language)}
              </label>
            ))}
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label={t('rooms.form.minNights')}
            inputMode="numeric"
            value={draft.rules.min_nights}
            onChange={(event) => setRules({ min_nights: event.target.value })}
            disabled={disabled}
          />
          <FormField
            label={t('rooms.form.maxNights')}
            inputMode="numeric"
            placeholder={t('rooms.form.noMaximum')}
            value={draft.rules.max_nights}
            onChange={(event) => setRules({ max_nights: event.target.value })}
            disabled={disabled}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={draft.rules.whole_weeks} onChange={(event) => setRules({ whole_weeks: event.target.checked })} disabled={disabled} />
          {t('rooms.form.wholeWeeks')}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={draft.apply_rules_to_property}
            onChange={(event) => onChange((d) => ({ ...d, apply_rules_to_property: event.target.checked }))}
            disabled={disabled}
          />
          {t('rooms.form.applyToProperty')}
        </label>
      </Section>

      <Section name="seasonal_prices" title={t('rooms.form.seasonsTitle')} hint={t('rooms.form.seasonsHint')} error={errors.seasonal_prices}>
        <RowsEditor
          rows={draft.seasonal_prices}
          onRowsChange={(update) => onChange((d) => ({ ...d, seasonal_prices: update(d.seasonal_prices) }))}
          empty={{ start_date: '', end_date: '', price_per_week: '' }}
          className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
          testId="season-row"
          removeLabel={(number) => t('rooms.form.removeSeason', { number })}
          addLabel={t('rooms.form.addSeason')}
          disabled={disabled}
        >
          {(season, set) => (
            <>
              <FormField label={t('rooms.form.seasonStart')} type="date" value={season.start_date} onChange={(event) => set('start_date', event.target.value)} disabled={disabled} />
              <FormField label={t('rooms.form.seasonEnd')} type="date" value={season.end_date} onChange={(event) => set('end_date', event.target.value)} disabled={disabled} />
              <FormField label={t('rooms.form.price')} inputMode="decimal" value={season.price_per_week} onChange={(event) => set('price_per_week', event.target.value)} disabled={disabled} />
            </>
          )}
        </RowsEditor>
      </Section>

      <Section name="long_stay_discounts" title={t('rooms.form.discountsTitle')} hint={t('rooms.form.discountsHint')} error={errors.long_stay_discounts}>
        <RowsEditor
          rows={draft.long_stay_discounts}
          onRowsChange={(update) => onChange((d) => ({ ...d, long_stay_discounts: update(d.long_stay_discounts) }))}
          empty={{ min_weeks: '', percent: '' }}
          className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]"
          testId="discount-row"
          removeLabel={(number) => t('rooms.form.removeDiscount', { number })}
          addLabel={t('rooms.form.addDiscount')}
          disabled={disabled}
        >
          {(tier, set) => (
            <>
              <FormField label={t('rooms.form.discountWeeks')} inputMode="numeric" value={tier.min_weeks} onChange={(event) => set('min_weeks', event.target.value)} disabled={disabled} />
              <FormField label={t('rooms.form.discountPercent')} inputMode="numeric" value={tier.percent} onChange={(event) => set('percent', event.target.value)} disabled={disabled} />
            </>
          )}
        </RowsEditor>
      </Section>
    </>
  );
}
