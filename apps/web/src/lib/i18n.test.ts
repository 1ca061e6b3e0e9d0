import { LANGUAGES, type Language } from '@roomweek/contract';
import { act, render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import i18n, { currentLanguage, useTranslation } from './i18n';

type Bundle = Record<string, unknown>;

const files = import.meta.glob<Bundle>('../../../../packages/i18n/locales/*/*.json', { eager: true, import: 'default' });
const bundles = new Map<string, Bundle>();
for (const [path, bundle] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (language && namespace) bundles.set(`${language}/${namespace}`, bundle);
}
const namespaces = [...bundles.keys()].filter((key) => key.startsWith('fr/')).map((key) => key.slice(3));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf key, with plural forms folded into their base key (languages have different plural forms). */
function keysOf(bundle: unknown, prefix = ''): Set<string> {
  const keys = new Set<string>();
  if (bundle && typeof bundle === 'object') {
    for (const [key, value] of Object.entries(bundle)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object') for (const nested of keysOf(value, path)) keys.add(nested);
      else keys.add(path.replace(PLURAL, ''));
    }
  }
  return keys;
}

function emptyValues(bundle: unknown, prefix = ''): string[] {
  if (!bundle || typeof bundle !== 'object') return [];
  return Object.entries(bundle).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') return emptyValues(value, path);
    return typeof value === 'string' && value.trim() !== '' ? [] : [path];
  });
}

describe('translations', () => {
  it('include the common namespace', () => {
    expect(namespaces).toContain('common');
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const french = keysOf(bundles.get(`fr/${namespace}`));

    it.each(LANGUAGES.filter((language) => language !== 'fr'))('%s has every key French has', (language) => {
      const bundle = bundles.get(`${language}/${namespace}`);
      expect(bundle, `${language}/${namespace}.json is missing`).toBeDefined();
      const keys = keysOf(bundle);
      const missing = [...french].filter((key) => !keys.has(key));
      expect(missing, `${language}/${namespace}.json lacks keys`).toEqual([]);
    });

    it.each([...LANGUAGES])('%s has no empty text', (language) => {
      expect(emptyValues(bundles.get(`${language}/${namespace}`))).toEqual([]);
    });
  });
});

/** Links drawn with a short visible text and a fuller accessible name (common.json): [visible, accessible name]. */
const LABELLED_LINKS = [
  ['home.viewRooms', 'home.viewRoomsOf'],
  ['room.bookNow', 'room.bookRoom'],
] as const;

describe.each([...LANGUAGES])('labels in %s', (language) => {
  const text = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundles.get(`${language}/common`));
  // WCAG 2.5.3 (label in name): someone using voice control says what they see.
  it.each(LABELLED_LINKS)('the accessible name of %s contains its visible text', (visible, name) => {
    const shown = String(text(visible)).toLowerCase();
    expect(String(text(name)).toLowerCase()).toContain(shown);
  });
});

describe('i18n', () => {
  it('fills {{placeholders}} as they are (React escapes), and leaves one without a value', () => {
    const t = i18n.getFixedT('fr');
    expect(t('room.title', { number: '<b>101</b>' })).toBe('Chambre <b>101</b>');
    expect(t('room.title', { number: 7 })).toBe('Chambre 7');
    expect(t('room.title')).toBe('Chambre {{number}}');
  });

  it.each<[Language, string, string, string]>([
    ['fr', '0 chambre', '1 chambre', '2 chambres'],
    ['es', '0 habitaciones', '1 habitación', '2 habitaciones'],
    ['pt', '0 quarto', '1 quarto', '2 quartos'],
    ['en', '0 rooms', '1 room', '2 rooms'],
  ])('picks the %s plural form from count', async (language, none, one, two) => {
    await i18n.changeLanguage(language);
    expect([0, 1, 2].map((count) => i18n.t('property.roomCount', { count }))).toEqual([none, one, two]);
    // A category the bundles lack (French "many" for a million) falls back to the "other" form.
    expect(i18n.t('property.roomCount', { count: 1_000_000 })).toMatch(/^1000000 \S+s$/);
  });

  it('falls back to French, then to the default value, then to the key', async () => {
    i18n.addResourceBundle('fr', 'test', { greeting: 'Bonjour {{name}}', onlyFrench: 'Seulement en français' });
    i18n.addResourceBundle('en', 'test', { greeting: 'Hello {{name}}' });
    const t = i18n.getFixedT('en', 'test');
    expect(t('greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('onlyFrench')).toBe('Seulement en français');
    expect(t('missing.key', { defaultValue: 'Par défaut {{name}}', name: 'Ana' })).toBe('Par défaut Ana');
    expect(t('missing.key', { defaultValue: '' })).toBe('');
    expect(t('missing.key')).toBe('missing.key');
    // Namespaces are searched in order, each in the language then in French.
    await i18n.changeLanguage('en');
    expect(i18n.getFixedT('en', ['test', 'common'])('nav.language')).toBe('Language');
    expect(i18n.getFixedT('en', ['common', 'test'])('onlyFrench')).toBe('Seulement en français');
    expect(i18n.exists('onlyFrench', { lng: 'en', ns: 'test' })).toBe(true);
    expect(i18n.exists('onlyFrench', { lng: 'en', ns: 'test', fallbackLng: [] })).toBe(false);
  });

  it('loads a namespace when a component first needs it, suspending meanwhile, and follows language changes', async () => {
    function CardButton() {
      const { t, i18n: instance } = useTranslation('payments');
      return createElement('button', { lang: instance.language }, t('card.button'));
    }
    render(createElement(Suspense, { fallback: 'Chargement…' }, createElement(CardButton)));
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Réserver et payer par carte' })).toHaveAttribute('lang', 'fr');

    // The namespaces on screen load in the new language before it switches: no fallback in between.
    await act(() => i18n.changeLanguage('pt'));
    expect(screen.getByRole('button', { name: 'Reservar e pagar com cartão' })).toHaveAttribute('lang', 'pt');
    expect(screen.queryByText('Chargement…')).toBeNull();
    expect(document.documentElement.lang).toBe('pt');
    expect(currentLanguage()).toBe('pt');
  });

  it('switches to the language asked for last', async () => {
    await act(() => Promise.all([i18n.changeLanguage('es'), i18n.changeLanguage('en')]));
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.language')).toBe('Language');
  });
});
