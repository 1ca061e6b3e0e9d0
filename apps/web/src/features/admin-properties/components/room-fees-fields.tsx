import type { Fee } from '@roomweek/contract';
import { useTranslation } from '@/lib/i18n';
import { feeDraftsOf, type FeeDraft } from '../lib/fees-taxes-draft';
import { FeeRows } from './fee-rows';

/**
 * The room form's fees (docs/behaviour.md §18): its property's unless "this room has its own fees" is ticked, then its
 * own rows — starting from its property's. Taxes and VAT are always the property's.
 */
export function RoomFeesFields({
  own,
  fees,
  propertyFees,
  onChange,
  error,
}: {
  own: boolean;
  fees: FeeDraft[];
  propertyFees: readonly Fee[];
  onChange: (change: { own_fees: boolean; fees: FeeDraft[] }) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['pricing', 'common']);
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 sm:col-span-2" data-testid="room-fees">
      <legend className="px-1 font-semibold">{t('admin.fees')}</legend>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={own}
          onChange={(event) =>
            onChange({ own_fees: event.target.checked, fees: event.target.checked && fees.length === 0 ? feeDraftsOf(propertyFees) : fees })
          }
        />
        <span className="flex flex-col gap-1">
          <span className="font-medium">{t('admin.roomOwnFees')}</span>
          <span className="text-stone-600">{t('admin.roomOwnFeesHint')}</span>
        </span>
      </label>
      {own ? <FeeRows idPrefix="room-fee" fees={fees} onChange={(next) => onChange({ own_fees: true, fees: next })} /> : null}
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
