// The server compiled to JavaScript (`npm run build`, scripts/build.mjs): src/server.ts and the backup and restore
// tools bundled by esbuild into dist/, flat (src/paths.ts relies on dist/*.js sitting one folder down). The
// workspace packages (@roomweek/contract's TypeScript, @roomweek/i18n's JSON) are bundled in; every other package
// stays in node_modules, loaded by node as installed (sharp's native code, PGlite's WebAssembly files).
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@roomweek/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(`${HERE}dist`, { recursive: true, force: true });
const started = performance.now();
const result = await esbuild.build({
  absWorkingDir: HERE,
  // The iCal feed parser's worker is an entry of its own: feed-parser.ts starts it from dist/feed-parser-worker.js.
  entryPoints: {
    server: 'src/server.ts',
    backup: 'src/ops/backup.ts',
    restore: 'src/ops/restore.ts',
    'feed-parser-worker': 'src/plugins/app/calendar/feed-parser-worker.ts',
    // Run as a child process on a first start on the embedded database (db/pglite-first-start.ts).
    'pglite-init': 'src/db/pglite-init.ts',
  },
  outdir: 'dist',
  entryNames: '[name]',
  // Shared code and the modules loaded on demand, beside the entries (not in a subfolder).
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
const bundled = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/') && !input.includes('@roomweek/'));
if (bundled.length) throw new Error(`packages bundled that should stay external (add them to dependencies): ${bundled.join(', ')}`);
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.error(`server compiled to apps/server/dist/ in ${Math.round(performance.now() - started)} ms (${Math.round(bytes / 1024)} KB with source maps)`);
