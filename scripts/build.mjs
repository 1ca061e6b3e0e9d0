// `npm run build`: the web app (browser and server-rendering bundles, Vite) and the server compiled to JavaScript
// (esbuild, apps/server/build.mjs). `--stale` builds only the parts missing or older than their sources; `--only=web`
// or `--only=server` one part.
// The web app is built in NODE_ENV (production unless set), named in apps/web/dist/.build-mode.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { partsToBuild, WEB_MODE_MARK } from './build-state.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const webMode = process.env.NODE_ENV || 'production';
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const parts = only ?? (process.argv.includes('--stale') ? partsToBuild(ROOT, ['web', 'server'], webMode) : ['web', 'server']);

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

if (parts.includes('web')) {
  run('npm', ['run', 'build', '--workspace', 'apps/web'], { ...process.env, NODE_ENV: webMode });
  writeFileSync(path.join(ROOT, WEB_MODE_MARK), `${webMode}\n`);
}
if (parts.includes('server')) run(process.execPath, ['apps/server/build.mjs']);
