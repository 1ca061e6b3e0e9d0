/** A namespace's strings: nested keys, each leaf a text with `{{name}}` placeholders. */
export interface Bundle {
  [key: string]: string | Bundle;
}

/**
 * Every language's namespaces but French `common` (which ships with the app), each a chunk loaded when first needed,
 * keyed `./<language>/<namespace>.json`. This map is a chunk of its own, loaded with the first namespace a page needs
 * beyond French `common`: in the app's first chunk it cost every page about 2 KB gzip (docs/performance.md). The
 * server names it in the head of the pages that need it (app/server/page-data.ts).
 */
export const lazyBundles = import.meta.glob<Bundle>(
  // The e-mails' namespaces (*emails.json) belong to the server; amenities.json is answered by GET /api/amenities.
  ['./*/*.json', '!./fr/common.json', '!./*/*emails.json', '!./*/amenities.json'],
  { base: '../../../../packages/i18n/locales/', import: 'default' },
);
