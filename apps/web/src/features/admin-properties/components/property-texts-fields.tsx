import { DEFAULT_LANGUAGE, LANGUAGES, PROPERTY_TEXT_LIMITS, type Language, type Property } from '@roomweek/contract';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import type { FieldErrors } from '@/lib/use-zod-form';

type TextField = 'name' | 'location' | 'description';
export type PropertyTexts = Record<TextField, string>;
/** The form's texts: the French ones (the property's own fields) and each other language's, empty where untranslated. */
export type PropertyTextsDraft = Record<Language, PropertyTexts>;

const EMPTY: PropertyTexts = { name: '', location: '', description: '' };
const FIELDS: TextField[] = ['name', 'location', 'description'];

/** What an admin read answered (`translations`, docs/behaviour.md §15), as the form holds it. */
export function textsDraftOf(property: Property | null): PropertyTextsDraft {
  const translations = property?.translations;
  const draft = {} as PropertyTextsDraft;
  for (const language of LANGUAGES) {
    const texts = translations?.[language];
    draft[language] = {
      name: texts?.name ?? '',
      location: texts?.location ?? '',
      description: texts?.description ?? '',
    };
  }
  // An answer without translations (an older server): its own texts are the French ones.
  if (property && !translations?.[DEFAULT_LANGUAGE]) {
    draft[DEFAULT_LANGUAGE] = { name: property.name, location: property.location, description: property.description };
  }
  return draft;
}

/** How complete a language's texts are: the tab says so. */
function completeness(texts: PropertyTexts): 'missing' | 'partial' | 'complete' {
  const written = FIELDS.filter((field) => texts[field].trim() !== '').length;
  return written === 0 ? 'missing' : written === FIELDS.length ? 'complete' : 'partial';
}

const hasFrenchError = (errors: FieldErrors) => FIELDS.some((field) => errors[field] !== undefined);

/**
 * The property's name, address and description, one tab per language (docs/behaviour.md §15): French required (its
 * fields are the body's own, checked by the form), the others optional, each tab saying whether it is missing.
 */
export function PropertyTextsFields({
  texts,
  onChange,
  errors,
}: {
  texts: PropertyTextsDraft;
  onChange: (language: Language, field: TextField, value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useAdminTranslation();
  const [tab, setTab] = useState<Language>(DEFAULT_LANGUAGE);
  // A refused French field is shown at once, even from another tab, and takes the focus once its tab has opened.
  const [seenErrors, setSeenErrors] = useState(errors);
  const [focusRefused, setFocusRefused] = useState(false);
  if (seenErrors !== errors) {
    setSeenErrors(errors);
    if (hasFrenchError(errors) && tab !== DEFAULT_LANGUAGE) {
      setTab(DEFAULT_LANGUAGE);
      setFocusRefused(true);
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Language)}>
        <TabsList aria-label={t('properties.form.textsLabel')} className="flex-wrap sm:flex-nowrap">
          {LANGUAGES.map((language) => {
            const state = language === DEFAULT_LANGUAGE ? 'required' : completeness(texts[language]);
            const frenchRefused = language === DEFAULT_LANGUAGE && hasFrenchError(errors);
            return (
              <TabsTrigger key={language} value={language} data-completeness={state}>
                <span lang={language}>{t(`languages.${language}`)}</span>{' '}
                {state === 'complete' ? (
                  <>
                    <Check aria-hidden="true" className="text-emerald-600" />
                    <span className="sr-only">{t('properties.form.tabComplete')}</span>
                  </>
                ) : (
                  <span
                    className={
                      frenchRefused || state === 'missing'
                        ? 'rounded-full bg-amber-100 px-1.5 text-xs font-normal text-amber-800'
                        : 'rounded-full bg-stone-200 px-1.5 text-xs font-normal text-stone-700'
                    }
                  >
                    {state === 'required'
                      ? t('properties.form.tabRequired')
                      : state === 'missing'
                        ? t('properties.form.tabMissing')
                        : t('properties.form.tabPartial')}
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {LANGUAGES.map((language) => (
          <TabsContent key={language} value={language}>
            <LanguageTexts
              language={language}
              texts={texts}
              onChange={onChange}
              errors={errors}
              focusRefused={focusRefused && language === DEFAULT_LANGUAGE}
              onFocused={() => setFocusRefused(false)}
            />
          </TabsContent>
        ))}
      </Tabs>
      <p className="text-xs text-stone-500">{t('properties.form.textsHint')}</p>
    </div>
  );
}

function LanguageTexts({
  language,
  texts,
  onChange,
  errors,
  focusRefused,
  onFocused,
}: {
  language: Language;
  texts: PropertyTextsDraft;
  onChange: (language: Language, field: TextField, value: string) => void;
  errors: FieldErrors;
  /** This tab opened because a field of it was refused: its first refused field takes the focus. */
  focusRefused: boolean;
  onFocused: () => void;
}) {
  const { t } = useAdminTranslation();
  const fields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusRefused) return;
    fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    onFocused();
  }, [focusRefused, onFocused]);
  const french = language === DEFAULT_LANGUAGE;
  const own = texts[language] ?? EMPTY;
  // French fields carry the body's names (the form's errors and focus find them); a translation's are its own.
  const nameOf = (field: TextField) => (french ? field : `${field}_${language}`);
  // A translation shows the French text it stands in for until one is written.
  const placeholder = (field: TextField, fallback?: string) => (french ? fallback : texts[DEFAULT_LANGUAGE][field] || undefined);
  const hint = french ? undefined : t('properties.form.translationHint');
  // What every text control of this language takes: its name, language, value, change and limits.
  const wiring = (field: TextField) => ({
    name: nameOf(field),
    lang: language,
    value: own[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(language, field, event.target.value),
    required: french,
    maxLength: PROPERTY_TEXT_LIMITS[field],
  });
  return (
    <div ref={fields} className="grid gap-4 sm:grid-cols-2">
      <FormField
        label={t('properties.form.name')}
        {...wiring('name')}
        placeholder={placeholder('name')}
        error={french ? errors.name : undefined}
      />
      <FormField
        label={t('properties.form.location')}
        {...wiring('location')}
        placeholder={placeholder('location', t('properties.form.locationPlaceholder'))}
        error={french ? errors.location : undefined}
      />
      <FormField
        label={t('properties.form.descriptionLabel')}
        error={french ? errors.description : undefined}
        hint={hint}
        className="sm:col-span-2"
      >
        {(control) => (
          <Textarea {...control} {...wiring('description')} placeholder={placeholder('description')} rows={4} />
        )}
      </FormField>
    </div>
  );
}
