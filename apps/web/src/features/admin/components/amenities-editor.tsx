import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { addAmenity } from '../lib/amenities';

/** docs/behaviour.md §2 room dialog: amenities added with the button or the Enter key (blank ignored) and removable. */
export function AmenitiesEditor({
  amenities,
  onChange,
  disabled = false,
}: {
  amenities: string[];
  onChange: (amenities: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useAdminTranslation();
  const inputId = useId();
  const [entry, setEntry] = useState('');

  const add = () => {
    onChange(addAmenity(amenities, entry));
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
          aria-describedby={`${inputId}-hint`}
        />
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
          {amenities.map((amenity) => (
            <li
              key={amenity}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm text-stone-800"
            >
              {amenity}
              <button
                type="button"
                onClick={() => onChange(amenities.filter((existing) => existing !== amenity))}
                disabled={disabled}
                className="flex size-6 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={t('rooms.form.removeAmenity', { amenity })}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
