import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@roomweek/contract';
import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'lang';

/** `common` ships with the app (every public screen needs it); other namespaces load when first used. */
const commonBundles = import.meta.glob<ResourceLanguage>('../../../../packages/i18n/locales/*/common.json', {
  eager: true,
  import: 'default',
});
const lazyBundles = import.meta.glob<ResourceLanguage>(
  ['../../../../packages/i18n/locales/*/*.json', '!**/common.json'],
  { import: 'default' },
);
const bundlePath = (language: string, namespace: string) =>
  `../../../../packages/i18n/locales/${language}/${namespace}.json`;

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyBundles[bundlePath(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Switches the interface language; `persist` records the visitor's choice for later visits. */
export async function setLanguage(language: Language, persist = true): Promise<void> {
  if (persist) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  }
  await i18n.changeLanguage(language);
}

const resources: Record<string, { common: ResourceLanguage }> = {};
for (const language of LANGUAGES) {
  const common = commonBundles[bundlePath(language, 'common')];
  if (common) resources[language] = { common };
}

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: storedLanguage() ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: true },
  });

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export default i18n;
