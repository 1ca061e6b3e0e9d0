import { LANGUAGES, type Language } from '@roomweek/contract';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';
import { currentLanguage, setLanguage, useTranslation } from '@/lib/i18n';

/** fr es pt en, the current one in upper case (docs/behaviour.md §1); the choice is remembered. */
export function LanguageSelector({ className }: { className?: string }) {
  // Subscribes to language changes; the current one is read from i18n itself.
  const { t } = useTranslation();
  const current = currentLanguage();
  const [params, setParams] = useSearchParams();
  const choose = (language: Language) => {
    void setLanguage(language);
    // An address naming a language (a shared link, the sitemap's) follows the choice, so a reload keeps it.
    if (params.has('lang')) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('lang', language);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  return (
    <div role="group" aria-label={t('nav.language')} className={cn('flex items-center', className)}>
      {LANGUAGES.map((language: Language) => {
        const active = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            title={t(`languages.${language}`)}
            onClick={() => choose(language)}
            className={cn(
              'min-w-8 rounded-md px-1.5 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              active ? 'font-bold text-brand-700' : 'text-stone-500 hover:bg-stone-100 hover:text-stone-900',
            )}
          >
            <span aria-hidden="true">{active ? language.toUpperCase() : language}</span>
            <span className="sr-only">{t(`languages.${language}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
