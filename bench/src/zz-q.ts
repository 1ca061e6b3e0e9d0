import { openDatabase } from '/work/main/apps/server/src/db/client.ts';
import { PropertiesRepository } from '/work/main/apps/server/src/plugins/app/properties/properties-repository.ts';
const h = await openDatabase({ dataDir: process.argv[2] });
const repo = new PropertiesRepository(h.db);
for (let round = 0; round < 5; round++) {
  const t = performance.now();
  for (let i = 0; i < 200; i++) await repo.list();
  console.log('list x200 ms/op', ((performance.now() - t) / 200).toFixed(2));
}
await h.close();
