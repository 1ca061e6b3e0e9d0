import path from 'node:path';
import { defineConfig } from 'vitest/config';

// .ci/run sets VITEST_JSON_DIR to add up every suite's counts at the end.
const jsonDir = process.env.VITEST_JSON_DIR;
const suite = process.env.TEST_DB === 'pg' ? 'server-postgresql' : 'server-pglite';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: jsonDir ? ['default', ['json', { outputFile: path.join(jsonDir, `${suite}.json`) }]] : ['default'],
  },
});
