// Creates a new embedded database in the folder given, then exits: openDatabase runs it as a child process on a
// first start (db/pglite-first-start.ts), so that the server never holds the memory PGlite's initdb takes.
import { createPglite } from './client.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init <data directory>');
const pglite = await createPglite(dataDir);
await pglite.close();
