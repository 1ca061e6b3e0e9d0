import { buildDataset } from './dataset.ts';
import { generateFirst, generateRest } from './generate-data.ts';
import { writeFileSync } from 'node:fs';
const data = buildDataset();
const target = { dataDir: process.argv[2]!, databaseUrl: process.argv[3] };
await generateFirst(target, data);
await generateRest(target, data);
writeFileSync(`${process.argv[2]}/ids.json`, JSON.stringify({ today: data.today, properties: data.properties.map((p) => p.id), probe: data.probeRoomIds }));
