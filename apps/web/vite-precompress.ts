import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this the server sends files as they are (@fastify/compress's threshold). */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside each built text asset, at the strongest levels: the server serves them as they are
 * (@fastify/static `preCompressed`), so no visitor waits for on-the-fly compression and the bytes are fewer.
 */
export function precompress(): Plugin {
  return {
    name: 'roomweek:precompress',
    // The browser's assets only: the server's render bundle (vite build --ssr) is never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const content = await readFile(path.join(dir, name));
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(path.join(dir, `${name}.br`), br), writeFile(path.join(dir, `${name}.gz`), gz)]);
        }),
      );
    },
  };
}
