import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale, newestMtime, PARTS, partsToBuild, WEB_MODE_MARK } from '../../../../scripts/build-state.mjs';

/** `npm start`'s check (scripts/build-state.mjs) on a copy of the repository's layout with chosen times. */
describe('which parts of the build npm start rebuilds', () => {
  let root: string;
  const at = (file: string, seconds: number, content = '') => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    utimesSync(full, seconds, seconds);
  };
  /** Every source of both parts at `sourceTime`, every output at `outputTime`, the web app built in production. */
  const layout = (sourceTime: number, outputTime: number) => {
    for (const part of Object.values(PARTS)) {
      for (const source of part.sources) at(/\.\w+$/.test(source) ? source : `${source}/index.ts`, sourceTime);
      for (const output of part.outputs) at(output, outputTime);
    }
    at(WEB_MODE_MARK, outputTime, 'production\n');
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'roomweek-build-state-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds everything on a fresh clone', () => {
    layout(1000, 1000);
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    rmSync(path.join(root, 'apps/server/dist'), { recursive: true });
    expect(partsToBuild(root)).toEqual(['web', 'server']);
  });

  it('builds nothing when every output is newer than every source', () => {
    layout(1000, 2000);
    expect(partsToBuild(root)).toEqual([]);
  });

  it('rebuilds only the server when a server source changed', () => {
    layout(1000, 2000);
    at('apps/server/src/plugins/app/bookings/booking-service.ts', 3000);
    expect(partsToBuild(root)).toEqual(['server']);
  });

  it('rebuilds both when the shared contract or a translation changed', () => {
    layout(1000, 2000);
    at('packages/i18n/locales/fr/emails.json', 3000);
    expect(partsToBuild(root)).toEqual(['web', 'server']);
  });

  it('rebuilds a part when one of its outputs is missing', () => {
    layout(1000, 2000);
    rmSync(path.join(root, 'apps/web/dist-server/entry-server.js'));
    expect(isStale(root, 'web')).toBe(true);
    expect(isStale(root, 'server')).toBe(false);
  });

  it('rebuilds the web app built in another mode (e2e builds React for development)', () => {
    layout(1000, 2000);
    at(WEB_MODE_MARK, 2000, 'test\n');
    expect(partsToBuild(root)).toEqual(['web']);
    expect(partsToBuild(root, ['web', 'server'], 'test')).toEqual([]);
  });

  it('looks only at the parts asked for (backup needs the server only)', () => {
    layout(1000, 2000);
    at('apps/web/src/main.tsx', 3000);
    expect(partsToBuild(root, ['server'])).toEqual([]);
  });

  it('leaves installed packages and build outputs out of the newest source', () => {
    at('apps/web/src/a.ts', 1000);
    at('apps/web/src/node_modules/x/index.js', 5000);
    at('apps/web/src/dist/y.js', 5000);
    expect(newestMtime(path.join(root, 'apps/web/src'))).toBe(1_000_000);
    expect(newestMtime(path.join(root, 'nowhere'))).toBe(0);
  });
});
