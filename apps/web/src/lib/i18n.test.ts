import { LANGUAGES } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';

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
