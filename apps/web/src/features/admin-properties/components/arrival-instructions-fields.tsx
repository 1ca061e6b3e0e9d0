import { ARRIVAL_INSTRUCTIONS_MAX, DEFAULT_LANGUAGE, LANGUAGES, type ArrivalInstructions, type Language, type Property } from '@roomweek/contract';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';

/** What an admin read answered (docs/behaviour.md §21), as the form holds it: '' where a language has none. */
export function arrivalDraftOf(property: Property | null): ArrivalInstructions {
  return { fr: '', es: '', pt: '', en: '', ...property?.arrival_instructions };
}

/**
 * The property's arrival instructions (key box, Wi-Fi, directions), free text with line breaks, one tab per language
 * (docs/decisions/0038): e-mailed to confirmed guests before arrival, never shown on public pages.
 */
export function ArrivalInstructionsFields({
  value,
  onChange,
  error,
}: {
  value: ArrivalInstructions;
  onChange: (language: Language, text: string) => void;
  error?: string;
}) {
  const { t } = useAdminTranslation();
  const [tab, setTab] = useState<Language>(DEFAULT_LANGUAGE);
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">{t('properties.form.arrivalLegend')}</legend>
      <Tabs value={tab} onValueChange={(next) => setTab(next as Language)}>
        <TabsList aria-label={t('properties.form.arrivalTabsLabel')} className="flex-wrap sm:flex-nowrap">
          {LANGUAGES.map((language) => (
            <TabsTrigger key={language} value={language}>
              <span lang={language}>{t(`languages.${language}`)}</span>{' '}
              {value[language].trim() ? (
                <>
                  <Check aria-hidden="true" className="text-emerald-600" />
                  <span className="sr-only">{t('properties.form.arrivalWritten')}</span>
                </>
              ) : (
                <span className="rounded-full bg-stone-200 px-1.5 text-xs font-normal text-stone-700">{t('properties.form.arrivalEmpty')}</span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        {LANGUAGES.map((language) => (
          <TabsContent key={language} value={language}>
            <FormField label={t('properties.form.arrivalLabel')} error={error} hint={t('properties.form.arrivalHint')}>
              {(control) => (
                <Textarea
                  {...control}
                  name={`arrival_instructions_${language}`}
                  lang={language}
                  rows={5}
                  maxLength={ARRIVAL_INSTRUCTIONS_MAX}
                  value={value[language]}
                  placeholder={language === DEFAULT_LANGUAGE ? t('properties.form.arrivalPlaceholder') : value[DEFAULT_LANGUAGE] || undefined}
                  onChange={(event) => onChange(language, event.target.value)}
                />
              )}
            </FormField>
          </TabsContent>
        ))}
      </Tabs>
    </fieldset>
  );
}
