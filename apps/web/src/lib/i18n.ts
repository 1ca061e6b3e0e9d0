import { DEFAULT_LANGUAGE, fillText, LANGUAGES, type Language } from '@roomweek/contract';
import { useSyncExternalStore } from 'react';
import type { Bundle, lazyBundles as LazyBundles } from './i18n-bundles';

/**
 * The interface's translations, in the few lines the app needs (i18next and react-i18next cost the first page
 * about 15 KB of gzipped code): nested JSON keys per namespace, `{{name}}` interpolation, plurals chosen by
 * `Intl.PluralRules` from `count` (`key_one`, `key_other`…), fallback to French then to the key itself.
 * French `common` ships with the app (the default language, and every fallback); other languages and
 * namespaces (admin, payments) are separate chunks loaded when first needed.
 */

export const LANGUAGE_KEY = 'lang';

/** Values for `{{name}}` placeholders; `count` also picks the plural form, `defaultValue` stands in for a missing key. */
export interface TranslationOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TranslationOptions) => string;

const bundleId = (language: string, namespace: string) => `${language}/${namespace}`;

const defaultBundle = import.meta.glob<Bundle>('./fr/common.json', {
  base: '../../../../packages/i18n/locales/',
  eager: true,
  import: 'default',
});
let bundleIndex: Promise<typeof LazyBundles> | undefined;
/** The map of the other bundles, loaded once, when a page first needs one of them (i18n-bundles.ts). */
const lazyBundles = () => (bundleIndex ??= import('./i18n-bundles').then((module) => module.lazyBundles));

const bundles = new Map<string, Bundle>([
  [bundleId(DEFAULT_LANGUAGE, 'common'), defaultBundle[`./${DEFAULT_LANGUAGE}/common.json`] ?? {}],
]);
const bundleLoads = new Map<string, Promise<void>>();

/** One load per language and namespace (its bundle and the French one), so Suspense can wait on it. */
const namespaceLoads = new Map<string, Promise<void>>();
/** Language/namespace pairs whose strings (and the French ones) are loaded, or failed to: they render at once. */
const settled = new Set([bundleId(DEFAULT_LANGUAGE, 'common')]);
/** The namespaces shown so far: a language change loads them all before the page switches. */
const usedNamespaces = new Set(['common']);

function loadBundle(language: string, namespace: string): Promise<void> {
  const id = bundleId(language, namespace);
  let loading = bundleLoads.get(id);
  if (!loading) {
    loading = bundles.has(id)
      ? Promise.resolve()
      : lazyBundles()
          .then((index) => index[`./${id}.json`]?.())
          .then(
            (bundle) => void (bundle && bundles.set(id, bundle)),
            // A chunk that fails to load leaves the French text (or the key) on screen, as i18next did.
            (error: unknown) => console.warn(`Translations ${id} failed to load`, error),
          );
    bundleLoads.set(id, loading);
  }
  return loading;
}

function loadNamespace(language: Language, namespace: string): Promise<void> {
  const id = bundleId(language, namespace);
  let loading = namespaceLoads.get(id);
  if (!loading) {
    loading = Promise.all([loadBundle(language, namespace), loadBundle(DEFAULT_LANGUAGE, namespace)]).then(
      () => void settled.add(id),
    );
    namespaceLoads.set(id, loading);
  }
  return loading;
}

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let node: string | Bundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** `{{name}}` → the option's value (the contract's `fillText`); React escapes the result. */
const interpolate = (text: string, options: TranslationOptions): string => fillText(text, options);

function find(language: string, namespace: string, key: string, count: number | undefined): string | undefined {
  const bundle = bundles.get(bundleId(language, namespace));
  if (count === undefined) return lookup(bundle, key);
  return (
    lookup(bundle, `${key}_${pluralCategory(language, count)}`) ?? lookup(bundle, `${key}_other`) ?? lookup(bundle, key)
  );
}

/**
 * The API's error texts (`errors.<code>`), which any screen may show: searched after a screen's own namespaces (as
 * i18next's `fallbackNS`) once loaded. They load with the first error the API answers (`loadErrorTexts`), not with the
 * app: the few a screen shows without an answer (a form's own checks, a crash) stay in `common`.
 */
const ERROR_NAMESPACE = 'errors';

/** Searches each namespace in turn, then the error texts, in the language then in French (i18next's order). */
function translate(language: Language, namespaces: readonly string[], key: string, options: TranslationOptions = {}): string {
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  for (const namespace of namespaces.includes(ERROR_NAMESPACE) ? namespaces : [...namespaces, ERROR_NAMESPACE]) {
    for (const candidate of languages) {
      const text = find(candidate, namespace, key, options.count);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return options.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
}

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

/** A page the server rendered names its language in the boot data (docs/behaviour.md §16): the app starts in it. */
function bootLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const value = document.documentElement.dataset.language;
  return isLanguage(value) ? value : null;
}

/** The language cookie the server reads to render a page in the visitor's language (a year, the whole site). */
export const LANGUAGE_COOKIE = 'lang';

function storeLanguageCookie(lng: Language) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/** The language the server rendered this page's HTML in: hydration must render in it, whatever comes after. */
const renderedLanguage = bootLanguage();
let language: Language = renderedLanguage ?? storedLanguage() ?? DEFAULT_LANGUAGE;
let requestedLanguage: Language = language;

/**
 * On the server every request renders in its own language: the renderer installs where to read it from (the
 * request's context), and the module-wide language above is never changed there.
 */
let serverLanguage: (() => Language | undefined) | null = null;
export function setServerLanguageSource(source: () => Language | undefined) {
  serverLanguage = source;
}
const activeLanguage = (): Language => serverLanguage?.() ?? language;
const listeners = new Set<(language: Language) => void>();

const translators = new Map<string, TFunction>();

function fixedT(lng: Language, namespaces: readonly string[]): TFunction {
  const id = `${lng}/${namespaces.join(',')}`;
  let translator = translators.get(id);
  if (!translator) {
    translator = (key, options) => translate(lng, namespaces, key, options);
    translators.set(id, translator);
  }
  return translator;
}

/** Translates from `common` in the current language. */
const t: TFunction = (key, options) => translate(activeLanguage(), ['common'], key, options);

const i18n = {
  get language(): Language {
    return activeLanguage();
  },
  t,
  /** A translator bound to a language and namespaces (searched in order). */
  getFixedT(lng: Language, namespaces: string | readonly string[] = 'common'): TFunction {
    return fixedT(lng, typeof namespaces === 'string' ? [namespaces] : namespaces);
  },
  /** Whether `key` has a text in `lng` (else the current language), or in French unless `fallbackLng` is empty. */
  exists(key: string, options: { lng?: Language; ns?: string; fallbackLng?: readonly string[] | false } = {}): boolean {
    const lng = options.lng ?? activeLanguage();
    const fallback = options.fallbackLng === undefined ? [DEFAULT_LANGUAGE] : options.fallbackLng || [];
    return [lng, ...fallback].some((candidate) => find(candidate, options.ns ?? 'common', key, undefined) !== undefined);
  },
  /** Loads the new language's strings for every namespace shown so far, then switches (the last call wins). */
  async changeLanguage(lng: Language): Promise<TFunction> {
    const next = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
    requestedLanguage = next;
    await Promise.all([...usedNamespaces].map((namespace) => loadNamespace(next, namespace)));
    if (requestedLanguage === next) {
      language = next;
      listeners.forEach((listener) => listener(next));
    }
    return t;
  },
  /** Adds (or extends) a namespace's strings in a language, e.g. for a test. */
  addResourceBundle(lng: Language, namespace: string, resources: Bundle) {
    const id = bundleId(lng, namespace);
    bundles.set(id, { ...bundles.get(id), ...resources });
    bundleLoads.set(id, Promise.resolve());
  },
  on(_event: 'languageChanged', listener: (language: Language) => void) {
    listeners.add(listener);
  },
  off(_event: 'languageChanged', listener: (language: Language) => void) {
    listeners.delete(listener);
  },
};

export type I18n = typeof i18n;

export function currentLanguage(): Language {
  return activeLanguage();
}

/** Switches the interface language; `persist` records the visitor's choice for later visits. */
export async function setLanguage(next: Language, persist = true): Promise<void> {
  if (persist) {
    storeLanguageCookie(next);
    try {
      localStorage.setItem(LANGUAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  }
  await i18n.changeLanguage(next);
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
};
const snapshot = () => language;
// On the server, the request's language; in the browser, while hydrating, the language of the server's HTML (a
// language adopted meanwhile is rendered right after hydration, never during it: that would be a mismatch).
const serverSnapshot = () => serverLanguage?.() ?? renderedLanguage ?? language;

/**
 * A language chosen before the server rendered pages was kept in this browser's storage only: it becomes the cookie
 * the server reads, and the page switches to it.
 */
export function adoptStoredLanguage() {
  const stored = storedLanguage();
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=`).test(document.cookie);
  const asked = new URLSearchParams(window.location.search).has('lang');
  if (stored && !chosen && !asked) void setLanguage(stored);
}

/** The interface language; re-renders on a change (loads no strings: for the language of content reads). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/**
 * The translator for the current language and `namespaces` (searched in order, e.g. `['admin', 'common']`).
 * Re-renders on a language change; suspends while a namespace's strings load.
 */
export function useTranslation(namespaces: string | readonly string[] = 'common'): { t: TFunction; i18n: I18n } {
  const lng = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  for (const namespace of list) {
    usedNamespaces.add(namespace);
    // Suspends as react-i18next does, with a thrown promise: use() would have to be called on every later render.
    if (!settled.has(bundleId(lng, namespace))) throw loadNamespace(lng, namespace);
  }
  return { t: fixedT(lng, list), i18n };
}

/** A booking's words (its status, money, cancellation), shown on the guest's bookings and the admin's screens. */
export const BOOKING_NAMESPACES = ['bookings', 'common'] as const;

/** Loads the error texts of the current language (and French), once; later language changes bring theirs too. */
export function loadErrorTexts(): Promise<void> {
  usedNamespaces.add(ERROR_NAMESPACE);
  return loadNamespace(activeLanguage(), ERROR_NAMESPACE);
}

/** Resolves once the interface language's strings are loaded: render after it, so no French flashes first. */
export const i18nReady = (): Promise<unknown> => loadNamespace(language, 'common');

/** Writes `<html lang>` only when it changes: a server-rendered page already names its language. */
function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined' && document.documentElement.lang !== lng) document.documentElement.lang = lng;
}
syncDocumentLanguage(language);
i18n.on('languageChanged', syncDocumentLanguage);

export default i18n;
