import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@roomweek/contract';
import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'lang';

const LOCALES_DIR = '../../../../packages/i18n/locales';
const bundlePath = (language: string, namespace: string) => `${LOCALES_DIR}/${language}/${namespace}.json`;

/**
 * French `common` ships with the app (the default language, and every fallback); other languages and
 * namespaces (admin, …) are separate chunks loaded when first needed.
 */
const defaultBundle = import.meta.glob<ResourceLanguage>('../../../../packages/i18n/locales/fr/common.json', {
  eager: true,
  import: 'default',
});
const lazyBundles = import.meta.glob<ResourceLanguage>(
  // emails.json belongs to the server's e-mails.
  ['../../../../packages/i18n/locales/*/*.json', '!**/fr/common.json', '!**/emails.json'],
  { import: 'default' },
);

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

const frenchCommon = defaultBundle[bundlePath(DEFAULT_LANGUAGE, 'common')] ?? {};

/** Resolves once the interface language's strings are loaded: render after it, so no French flashes first. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: { common: frenchCommon } },
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
