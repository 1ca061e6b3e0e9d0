import { DOCUMENT_TYPES, ISO_COUNTRY_CODES, isAsked, RELATIONSHIP_KINDS, SEXES, type RegistrationCountry, type TravellerField } from '@roomweek/contract';
import { memo, useMemo, type ChangeEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import type { TFunction } from '@/lib/i18n';
import type { TravellerDraft } from '../lib/check-in-draft';

/** Every country's name in the reader's language, in their alphabetical order. */
function useCountries(language: string): { code: string; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return ISO_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [language]);
}

export interface TravellerFieldsProps {
  t: TFunction;
  language: string;
  index: number;
  adults: number;
  children: number;
  /** The property's registration: which fields are asked (a field it does not register is not shown). */
  country: RegistrationCountry;
  traveller: TravellerDraft;
  /** This traveller's field paths still missing (`travellers.1.document_number`), space-separated: a string keeps memo cheap. */
  missing: string;
  error: { field: string; message: string } | null;
  onChange: (index: number, change: Partial<TravellerDraft>) => void;
}

/**
 * One person of the party: the fields the property's registration country asks of an adult, or of a child (with the
 * adult they come with). Memoised: typing in one traveller's fields does not render the others' country lists again.
 */
export const TravellerFields = memo(function TravellerFields({ t, language, index, adults, children, country, traveller, missing, error, onChange }: TravellerFieldsProps) {
  const countries = useCountries(language);
  const asked = (field: TravellerField) => isAsked(field, index, { adults, children }, country);
  const missingPaths = useMemo(() => new Set(missing.split(' ')), [missing]);
  const minor = index >= adults;
  const title = minor ? t('child', { number: index - adults + 1 }) : t('adult', { number: index + 1 });
  const path = (field: string) => `travellers.${index}.${field}`;
  /** The server's error on this field, else "still needed" while it is missing. */
  const note = (field: string, ...serverFields: string[]) => {
    if (error && [path(field), ...serverFields.map(path)].some((name) => error.field === name || error.field.startsWith(`${name}.`))) {
      return { error: error.message };
    }
    return { hint: missingPaths.has(path(field)) ? t('required') : undefined };
  };
  const text = (field: keyof TravellerDraft) => ({
    value: traveller[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(index, { [field]: event.target.value }),
  });
  const select = (field: keyof TravellerDraft) => ({
    value: traveller[field],
    onChange: (event: ChangeEvent<HTMLSelectElement>) => onChange(index, { [field]: event.target.value }),
  });
  /** A list to choose from, shown when the registration asks for the field. */
  const choice = (field: 'sex' | 'document_type' | 'nationality' | 'document_country' | 'country_of_residence', options: { value: string; label: string }[]) =>
    asked(field) && (
      <FormField label={t(`fields.${field}`)} {...note(field)}>
        {(control) => (
          <NativeSelect {...control} {...select(field)} autoComplete={field === 'country_of_residence' ? 'country' : undefined}>
            <option value="">{t('choose')}</option>
            {options.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    );
  const countryOptions = countries.map(({ code, name }) => ({ value: code, label: name }));

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" role="group" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t('fields.first_name')} autoComplete="off" {...text('first_name')} {...note('first_name')} />
        <FormField label={t('fields.last_name')} autoComplete="off" {...text('last_name')} {...note('last_name')} />
        {choice(
          'sex',
          SEXES.map((sex) => ({ value: sex, label: t(`sex.${sex}`) })),
        )}
        <FormField label={t('fields.date_of_birth')} type="date" {...text('date_of_birth')} {...note('date_of_birth')} />
        {choice('nationality', countryOptions)}
        {choice(
          'document_type',
          DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`documentType.${type}`) })),
        )}
        {asked('document_number') && (
          <FormField label={t('fields.document_number')} autoComplete="off" spellCheck={false} {...text('document_number')} {...note('document_number')} />
        )}
        {choice('document_country', countryOptions)}
        {choice('country_of_residence', countryOptions)}
        {asked('address') && (
          <>
            <FormField label={t('fields.street')} autoComplete="off" {...text('street')} {...note('address', 'address.street')} />
            <FormField label={t('fields.city')} autoComplete="off" {...text('city')} {...note('address', 'address.city')} />
          </>
        )}
        {minor ? (
          <>
            <FormField label={t('fields.relationshipAdult')} {...note('relationship', 'relationship.adult')}>
              {(control) => (
                <NativeSelect {...control} {...select('relationship_adult')}>
                  <option value="">{t('choose')}</option>
                  {Array.from({ length: adults }, (_, adult) => (
                    <option key={adult} value={String(adult)}>
                      {t('adult', { number: adult + 1 })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('fields.relationshipKind')} {...note('relationship', 'relationship.kind')}>
              {(control) => (
                <NativeSelect {...control} {...select('relationship_kind')}>
                  <option value="">{t('choose')}</option>
                  {RELATIONSHIP_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`relationship.${kind}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </>
        ) : null}
      </div>
    </Card>
  );
});
