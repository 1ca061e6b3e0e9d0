// Node 20 applies no --import hooks to a worker thread: when the server runs from its TypeScript sources (tsx, tests),
// the worker registers tsx itself before loading its entry. A compiled build starts feed-parser-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./feed-parser-worker.ts');
