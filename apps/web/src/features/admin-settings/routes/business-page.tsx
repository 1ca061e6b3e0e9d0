import { Landmark } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ISO_COUNTRY_CODES, LANGUAGES, type BusinessSettings, type Language } from '@roomweek/contract';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useBusinessSettings, useUpdateBusiness } from '../api/settings';
import { SettingsFormLayout } from '../components/settings-form-layout';
import { SettingsQuery } from '../components/settings-query';
import { businessForm, businessMessages } from '../lib/settings-forms';

const NAMESPACES = ['business', 'admin', 'common'];
type Field = Exclude<keyof BusinessSettings, 'invoice_notes'>;

/** Issue 29 §1: the business that rents the rooms, as its invoices and the privacy notice name it. */
export default function BusinessPage() {
  const { t } = useTranslation(NAMESPACES);
  const settings = useBusinessSettings();
  return (
    <AdminPage title={t('business.title')} description={t('business.subtitle')}>
      <SettingsQuery query={settings} loadFailedKey="business.loadFailed">
        {(data) => <BusinessForm settings={data} />}
      </SettingsQuery>
    </AdminPage>
  );
}

function BusinessForm({ settings }: { settings: BusinessSettings }) {
  const { t, i18n } = useTranslation(NAMESPACES);
  const save = useUpdateBusiness();
  const [draft, setDraft] = useState(settings);
  const countries = useCountries(i18n.language);
  const form = useMutationForm({
    schema: businessForm,
    messages: businessMessages,
    t,
    values: () => draft,
    mutation: save,
    variables: (body) => body,
    onSaved: (saved) => {
      setDraft(saved);
      toast.success(t('business.toasts.updated'));
    },
    failedKey: 'business.toasts.updateFailed',
  });
  const set = (field: Field, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const text = (field: Field, options: { maxLength: number; type?: string; autoComplete?: string; hint?: boolean }) => (
    <FormField
      label={t(`business.fields.${field}`)}
      name={field}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value)}
      maxLength={options.maxLength}
      hint={options.hint ? t(`business.hints.${field}`) : undefined}
      error={form.errors[field]}
    />
  );

  return (
    <SettingsFormLayout
      icon={Landmark}
      iconClassName="text-brand-600"
      title={t('business.formTitle')}
      aboutTitle={t('business.aboutTitle')}
      form={
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
          {text('legal_name', { maxLength: 200, autoComplete: 'organization', hint: true })}
          <FormField label={t('business.fields.address')} error={form.errors.address}>
            {(control) => (
              <Textarea {...control} name="address" rows={3} maxLength={500} autoComplete="street-address" value={draft.address} onChange={(event) => set('address', event.target.value)} />
            )}
          </FormField>
          <FormField label={t('business.fields.country')} error={form.errors.country}>
            {(control) => (
              <NativeSelect {...control} name="country" value={draft.country} onChange={(event) => set('country', event.target.value)}>
                <option value="">{t('business.noCountry')}</option>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('vat_number', { maxLength: 30 })}
            {text('registration_number', { maxLength: 50 })}
            {text('email', { maxLength: 254, type: 'email', autoComplete: 'email' })}
            {text('phone', { maxLength: 30, type: 'tel', autoComplete: 'tel' })}
          </div>
          {text('invoice_prefix', { maxLength: 10, hint: true })}
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{t('business.fields.invoice_notes')}</legend>
            {LANGUAGES.map((language: Language) => (
              <FormField key={language} label={t(`business.languages.${language}`)} error={form.errors.invoice_notes}>
                {(control) => (
                  <Textarea
                    {...control}
                    name={`invoice_notes.${language}`}
                    lang={language}
                    rows={2}
                    maxLength={1000}
                    value={draft.invoice_notes[language]}
                    onChange={(event) => setDraft((current) => ({ ...current, invoice_notes: { ...current.invoice_notes, [language]: event.target.value } }))}
                  />
                )}
              </FormField>
            ))}
          </fieldset>
          <SubmitButton pending={save.isPending} pendingLabel={t('shared.saving')} className="self-end">
            {t('shared.save')}
          </SubmitButton>
        </form>
      }
    >
      <p>{t('business.about')}</p>
      <p className="text-stone-500">{t('business.aboutPublic')}</p>
    </SettingsFormLayout>
  );
}

/** Every country of ISO 3166-1 by its name in the screen's language, in that language's alphabetical order. */
function useCountries(language: string): { code: string; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const collator = new Intl.Collator(language);
    return ISO_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
}
