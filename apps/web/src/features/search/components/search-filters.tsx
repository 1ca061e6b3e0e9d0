import type { Amenity, Property } from '@roomweek/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useTranslation } from '@/lib/i18n';
import type { SearchState } from '../lib/search-params';

export type FilterValues = Pick<SearchState, 'property_id' | 'min_price' | 'max_price' | 'amenities'>;

const priceOf = (value: string): number | undefined => (value.trim() === '' ? undefined : Math.max(0, Number(value)));

/**
 * The search's filters (issue 26): a price range (on the stay's total with dates, on the week's price without), the
 * amenities a room must all have, the property. Applied together, with their button; the page's address holds them.
 */
export function SearchFilters({
  values,
  withDates,
  amenities,
  properties,
  onApply,
}: {
  values: FilterValues;
  withDates: boolean;
  amenities: Amenity[];
  properties: Property[];
  onApply: (values: FilterValues) => void;
}) {
  const { t } = useTranslation(['search', 'common']);
  const id = useId();
  const [minPrice, setMinPrice] = useState(values.min_price?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(values.max_price?.toString() ?? '');
  const [propertyId, setPropertyId] = useState(values.property_id ?? '');
  const [chosen, setChosen] = useState<string[]>(values.amenities);
  const active = [values.property_id, values.min_price, values.max_price].filter((value) => value !== undefined).length + values.amenities.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      property_id: propertyId || undefined,
      min_price: priceOf(minPrice),
      max_price: priceOf(maxPrice),
      amenities: chosen,
    });
  };
  const toggle = (key: string, on: boolean) => setChosen((now) => (on ? [...now, key] : now.filter((other) => other !== key)));

  return (
    <details className="group rounded-2xl border border-stone-200 bg-white" open={active > 0 ? true : undefined}>
      <summary className="flex cursor-pointer items-center gap-2 rounded-2xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-brand-600">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {active > 0 ? t('filters.titleActive', { count: active }) : t('filters.title')}
      </summary>
      <form onSubmit={submit} aria-label={t('filters.title')} className="flex flex-col gap-5 border-t border-stone-100 p-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{withDates ? t('filters.priceStay') : t('filters.priceWeek')}</legend>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-min`}>{t('filters.minPrice')}</Label>
              <Input id={`${id}-min`} type="number" inputMode="decimal" min={0} step="any" value={minPrice} onChange={(event) => setMinPrice(event.target.value)} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-max`}>{t('filters.maxPrice')}</Label>
              <Input id={`${id}-max`} type="number" inputMode="decimal" min={0} step="any" value={maxPrice} onChange={(event) => setMaxPrice(event.target.value)} />
            </div>
          </div>
        </fieldset>
        {properties.length > 1 ? (
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-property`}>{t('filters.property')}</Label>
            <NativeSelect id={`${id}-property`} value={propertyId} onChange={(event) => setPropertyId(event.target.value)}>
              <option value="">{t('filters.anyProperty')}</option>
              {properties.map((property) => (
                <option key={property.id} value={property.id}>
                  {property.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        {amenities.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('filters.amenities')}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {amenities.map((amenity) => (
                <label key={amenity.key} className="flex items-center gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={chosen.includes(amenity.key)}
                    onChange={(event) => toggle(amenity.key, event.target.checked)}
                  />
                  {amenity.label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('filters.apply')}</Button>
          {active > 0 ? (
            <Button type="button" variant="outline" onClick={() => onApply({ amenities: [] })}>
              {t('filters.clear')}
            </Button>
          ) : null}
        </div>
      </form>
    </details>
  );
}
