import { DEFAULT_CANCELLATION_POLICY, DEFAULT_LANGUAGE, DEFAULT_REGISTRATION_COUNTRY, REGISTRATION_COUNTRIES, TRANSLATION_LANGUAGES, type Property } from '@roomweek/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { CancellationPolicyFields } from '@/features/admin-shell/components/cancellation-policy-fields';
import { PropertyPaymentTermsFields, paymentTermsDraftOf, type PaymentTermsDraft } from '@/features/admin-shell/components/payment-terms-fields';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { draftFields } from '@/lib/draft-field';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useSaveProperty } from '../api/catalogue';
import { propertyForm, propertyMessages } from '../lib/catalogue-forms';
import { feesTaxesDraftOf, feesTaxesValues } from '../lib/fees-taxes-draft';
import { ArrivalInstructionsFields, arrivalDraftOf } from './arrival-instructions-fields';
import { FeesTaxesFields } from './fees-taxes-fields';
import { PhotosAndSave } from './photos-and-save';
import { PropertyTextsFields, textsDraftOf, type PropertyTextsDraft } from './property-texts-fields';

const draftOf = (property: Property | null) => ({
  // Every language's name, address and description (the French ones required; docs/behaviour.md §15).
  texts: textsDraftOf(property),
  room_count: property ? String(property.room_count) : '1',
  latitude: property?.latitude == null ? '' : String(property.latitude),
  longitude: property?.longitude == null ? '' : String(property.longitude),
  photos: property?.photos ?? [],
  // The site's policy unless the property has its own; the own fields start from the property's or the default.
  cancellation_mode: property?.cancellation_policy ? ('own' as const) : ('site' as const),
  free_until_days: String((property?.cancellation_policy ?? DEFAULT_CANCELLATION_POLICY).free_until_days),
  late_refund_percent: String((property?.cancellation_policy ?? DEFAULT_CANCELLATION_POLICY).late_refund_percent),
  // The site's payment terms unless the property has its own (issue 28); the own fields start from its or the default.
  payment_terms_mode: property?.payment_terms ? ('own' as const) : ('site' as const),
  payment_terms: paymentTermsDraftOf(property?.payment_terms),
  // Fees, tourist taxes and VAT (docs/behaviour.md §18).
  pricing: feesTaxesDraftOf(property),
  // What confirmed guests are told before arriving, per language (docs/behaviour.md §21).
  arrival_instructions: arrivalDraftOf(property),
  // Whose guest registration the online check-in follows (docs/behaviour.md §21).
  registration_country: property?.registration_country ?? DEFAULT_REGISTRATION_COUNTRY,
});

/** Add or edit a property (docs/behaviour.md §2, §5; latitude and longitude: docs/design-notes.md#coordinates). */
export function PropertyDialog({
  open,
  onOpenChange,
  property,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new property. */
  property: Property | null;
}) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={property ? t('properties.form.editTitle') : t('properties.form.addTitle')}
      description={t('properties.form.description')}
    >
      <PropertyForm property={property} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function PropertyForm({ property, onDone }: { property: Property | null; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const save = useSaveProperty();
  const [draft, setDraft] = useState(() => draftOf(property));

  const set = (
    field: Exclude<keyof typeof draft, 'photos' | 'cancellation_mode' | 'payment_terms_mode' | 'payment_terms' | 'texts' | 'pricing' | 'arrival_instructions'>,
  ) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const setTerm = <F extends keyof PaymentTermsDraft>(name: F, value: PaymentTermsDraft[F]) =>
    setDraft((current) => ({ ...current, payment_terms: { ...current.payment_terms, [name]: value } }));
  const setText = (language: keyof PropertyTextsDraft, field: 'name' | 'location' | 'description', value: string) =>
    setDraft((current) => ({ ...current, texts: { ...current.texts, [language]: { ...current.texts[language], [field]: value } } }));

  const form = useMutationForm({
    schema: propertyForm,
    messages: propertyMessages,
    t,
    // The French texts are the body's own fields; the others go as `translations` (empty ones are dropped).
    values: () => {
      const { texts, pricing, payment_terms, ...rest } = draft;
      return {
        ...rest,
        ...payment_terms,
        ...feesTaxesValues(pricing),
        ...texts[DEFAULT_LANGUAGE],
        translations: Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, texts[language]])),
      };
    },
    mutation: save,
    variables: (input) => ({ id: property?.id ?? null, input }),
    onSaved: () => {
      toast.success(property ? t('properties.toasts.updated') : t('properties.toasts.created'));
      onDone();
    },
    failedKey: 'properties.toasts.saveFailed',
  });
  const field = draftFields(draft, setDraft, form.errors);
  // Latitude and longitude (docs/design-notes.md#coordinates): one field but for its name, texts and example.
  const coordinate = (name: 'latitude' | 'longitude', label: string, hint: string, example: string) => (
    <FormField label={label} {...field(name)} inputMode="decimal" placeholder={example} hint={hint} />
  );

  const busy = save.isPending;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2" aria-busy={busy}>
      <PropertyTextsFields texts={draft.texts} onChange={setText} errors={form.errors} />
      <FormField
        label={t('properties.form.roomCount')}
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        {...field('room_count')}
        required
      />
      <div className="hidden sm:block" />
      {coordinate('latitude', t('properties.form.latitude'), t('properties.form.latitudeHint'), '50.8503')}
      {coordinate('longitude', t('properties.form.longitude'), t('properties.form.longitudeHint'), '4.3517')}
      <CancellationPolicyFields
        mode={draft.cancellation_mode}
        onModeChange={(cancellation_mode) => setDraft((current) => ({ ...current, cancellation_mode }))}
        freeUntilDays={draft.free_until_days}
        lateRefundPercent={draft.late_refund_percent}
        onChange={(field, value) => set(field)(value)}
        errors={form.errors}
      />
      <PropertyPaymentTermsFields
        mode={draft.payment_terms_mode}
        onModeChange={(payment_terms_mode) => setDraft((current) => ({ ...current, payment_terms_mode }))}
        values={draft.payment_terms}
        onChange={setTerm}
        errors={form.errors}
      />
      <FeesTaxesFields
        draft={draft.pricing}
        onChange={(pricing) => setDraft((current) => ({ ...current, pricing }))}
        error={form.errors.fees ?? form.errors.taxes ?? form.errors.vat_percent}
      />
      <FormField label={t('properties.form.registrationCountry')} hint={t('properties.form.registrationCountryHint')} error={form.errors.registration_country}>
        {(control) => (
          <NativeSelect {...control} value={draft.registration_country} onChange={(event) => set('registration_country')(event.target.value)}>
            {REGISTRATION_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`properties.form.registrationCountries.${country}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="hidden sm:block" />
      <ArrivalInstructionsFields
        value={draft.arrival_instructions}
        onChange={(language, text) =>
          setDraft((current) => ({ ...current, arrival_instructions: { ...current.arrival_instructions, [language]: text } }))
        }
        error={form.errors.arrival_instructions}
      />
      <PhotosAndSave
        label={t('properties.form.photos')}
        photos={draft.photos}
        onPhotosChange={(update) => setDraft((current) => ({ ...current, photos: update(current.photos) }))}
        busy={busy}
        onCancel={onDone}
      />
    </form>
  );
}
