// The node flags of a production start, named once: package.json's `start` script. The e2e site and the check on the
// Dockerfile read them from there (docs/deploy.md, "Memory").
import { readFileSync } from 'node:fs';

/** The V8 heap limits `npm start` gives node: a small young generation and a bounded old one (issue 25). */
export function productionNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
