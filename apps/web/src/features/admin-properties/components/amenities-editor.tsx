import type { Amenity } from '@roomweek/contract';
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { addAmenity, amenityLabel } from '../lib/amenities';

/**
 * docs/behaviour.md §2 room dialog: amenities added with the button or the Enter key (blank ignored) and removable.
 * The vocabulary (§15) is offered while typing; a word of it is kept as its key, shown in each visitor's language,
 * anything else as free text, shown as written.
 */
export function AmenitiesEditor({
  amenities,
  vocabulary,
  onChange,
  disabled = false,
}: {
  /** As stored: vocabulary keys and free text. */
  amenities: string[];
  /** GET /amenities in the admin's language; empty while it loads (or if it failed): everything typed is free text. */
  vocabulary: readonly Amenity[];
  onChange: (amenities: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useAdminTranslation();
  const inputId = useId();
  const listId = `${inputId}-vocabulary`;
  const [entry, setEntry] = useState('');

  const add = () => {
    onChange(addAmenity(amenities, entry, vocabulary));
    setEntry('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the amenity instead of submitting the room form.
    event.preventDefault();
    add();
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{t('rooms.form.amenities')}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={entry}
          onChange={(event) => setEntry(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('rooms.form.amenityPlaceholder')}
          maxLength={100}
          disabled={disabled}
          list={listId}
          autoComplete="off"
          aria-describedby={`${inputId}-hint`}
        />
        <datalist id={listId}>
          {vocabulary
            .filter(({ key }) => !amenities.includes(key))
            .map(({ key, label }) => (
              <option key={key} value={label} />
            ))}
        </datalist>
        <Button type="button" variant="outline" onClick={add} disabled={disabled}>
          <Plus aria-hidden="true" />
          {t('rooms.form.addAmenity')}
        </Button>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-stone-500">
        {t('rooms.form.amenityHint')}
      </p>
      {amenities.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('rooms.form.amenities')}>
          {amenities.map((amenity) => {
            const { label, freeText } = amenityLabel(amenity, vocabulary);
            return (
              <li
                key={amenity}
                data-amenity={amenity}
                title={freeText ? t('rooms.form.freeText') : undefined}
                className={
                  freeText
                    ? 'inline-flex items-center gap-1 rounded-full border border-dashed border-stone-300 bg-white py-1 pr-1 pl-3 text-sm text-stone-800'
                    : 'inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm text-stone-800'
                }
              >
                {label}
                <button
                  type="button"
                  onClick={() => onChange(amenities.filter((existing) => existing !== amenity))}
                  disabled={disabled}
                  className="flex size-6 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label={t('rooms.form.removeAmenity', { amenity: label })}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
