// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import globals from 'globals';

/** File names are kebab-case (STYLE: small habits). */
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
 * Features never import each other: shared code lives in lib/ or components/ (STYLE: boundaries). The admin area is
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
      // Writes without a where are a lint error (STYLE §12).
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
  sharedWebCode,
);
