import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite-precompress';

const apiServer = 'http://localhost:3000';
const CONTRACT_SOURCE = '/packages/contract/src/';

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/** Initializers a bundler must assume may have side effects (a call, a getter, computed keys in a literal). */
const IMPURE_INITS = new Set(['CallExpression', 'MemberExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression']);

/**
 * The contract declares its zod schemas as top-level calls, which a bundler must keep as possible side
 * effects; that would pull zod and every schema into any chunk that imports one constant or date helper.
 * Wrapping each top-level initializer in a pure IIFE lets the build keep only what the app uses.
 */
function pureContract(): Plugin {
  return {
    name: 'roomweek:pure-contract',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes(CONTRACT_SOURCE)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init && IMPURE_INITS.has(init.type)) inits.push(init);
        }
      }
      let output = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        const expression = output.slice(init.start, init.end);
        output = `${output.slice(0, init.start)}/*#__PURE__*/(() => (${expression}))()${output.slice(init.end)}`;
      }
      return { code: output, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pureContract(), precompress()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
      '/demo': apiServer,
    },
  },
  // The server's render bundle (docs/behaviour.md §16): the workspace packages are TypeScript, so they are bundled.
  // So are the icon and widget libraries, whose entry re-exports every icon and every widget: bundled, only those the
  // pages use stay, where loading the package from node_modules kept all of them in the server's memory (issue 25).
  ssr: { noExternal: ['@roomweek/contract', '@roomweek/i18n', 'lucide-react', 'radix-ui', /^@radix-ui\//, 'react-day-picker', 'date-fns'] },
  build: {
    outDir: 'dist',
    // Which chunks and styles each page needs: the server names them in the page's head (modulepreload).
    manifest: true,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id) => !id.includes(CONTRACT_SOURCE) },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // .ci/run sets VITEST_JSON_DIR to add up every suite's counts at the end.
    reporters: process.env.VITEST_JSON_DIR ? ['default', ['json', { outputFile: `${process.env.VITEST_JSON_DIR}/web.json` }]] : ['default'],
    // Lazy routes are transformed on first import: the first test to open a page pays for it.
    testTimeout: 30_000,
  },
});
