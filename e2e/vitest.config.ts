import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One server and one browser for every journey: run the files one after another.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // .ci/run sets VITEST_JSON_DIR to add up every suite's counts at the end.
    reporters: process.env.VITEST_JSON_DIR ? ['default', ['json', { outputFile: `${process.env.VITEST_JSON_DIR}/e2e.json` }]] : ['default'],
  },
});
