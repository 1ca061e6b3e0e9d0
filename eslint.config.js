// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import globals from 'globals';

/** File names are kebab-case (docs/design-notes.md#lint). */
const local = {
  rules: {
    'kebab-case-files': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const base = path.basename(context.filename).replace(/(\.d)?\.(test\.)?(ts|tsx|js|mjs)$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9-]+)*$/.test(base)) {
          return {
            Program(node) {
              context.report({ node, message: `File name "${path.basename(context.filename)}" is not kebab-case.` });
            },
          };
        }
        return {};
      },
    },
  },
};

/**
 * Features never import each other: shared code lives in lib/ or components/ (docs/design-notes.md#lint). The admin area is
 * split by domain (admin-properties, admin-bookings, admin-calendar, admin-settings); what several of them need (the
 * page frame, the admin's translator, paths, forms, the catalogue reads, the screen tests' fake API) is the
 * admin-shell, which every admin-* feature may import and which imports no feature itself.
 */
const featuresDir = 'apps/web/src/features';
const ADMIN_SHELL = 'admin-shell';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const mayImport = (feature, other) => other === feature || (other === ADMIN_SHELL && feature.startsWith('admin-'));
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => !mayImport(feature, other))
          .map((other) => ({ group: [`**/features/${other}/**`, `@/features/${other}/**`], message: `features/${feature} may not import features/${other}.` })),
      },
    ],
  },
}));

/** Shared web code (lib/, components/, config/) imports no feature and not the app: they build on it (STYLE: boundaries). */
const sharedWebCode = {
  files: ['apps/web/src/{lib,components,config}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/features/**', '@/features/**'], message: 'Shared web code (lib/, components/, config/) may not import a feature.' },
          { group: ['**/app/**', '@/app/**'], message: 'Shared web code (lib/, components/, config/) may not import the app.' },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/data/**', 'bench/results/**', 'docs/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local, drizzle },
    rules: {
      'local/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Writes without a where are a lint error (docs/design-notes.md#lint).
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'executor'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'executor'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  // A booking's state is written by its life cycle only (BookingsRepository.writeState; `update` cannot carry `status`).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/plugins/app/bookings/booking-lifecycle.ts', 'apps/server/src/plugins/app/bookings/bookings-repository.ts'],
    rules: {
      'no-restricted-properties': ['error', { property: 'writeState', message: 'Only booking-lifecycle.ts changes a booking\'s status.' }],
    },
  },
  // Routes call services: queries and the database are the application tier's (docs/architecture.md, "The layers").
  {
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes call services; SQL lives in repositories.' },
            { group: ['**/*-repository', '**/*-repository.ts'], message: 'Routes call services, never a repository.' },
            { group: ['**/db/*', '**/db/*.ts'], message: 'Routes call services; the database is the application tier\'s.' },
          ],
        },
      ],
    },
  },
  sharedWebCode,
);
