import zlib from 'node:zlib';
const props = Array.from({ length: 50 }, (_, p) => ({ id: crypto.randomUUID(), name: `Brussels house ${p}`, description: 'A quiet shared house in Brussels with 10 furnished rooms, a common kitchen and a garden, rented by the week. Close to public transport, shops and the university.', location: `${p} Rue de la Loi, Brussels`, photos: ['/demo/house-1.webp', '/demo/house-2.webp'], room_count: 10, latitude: 50.8 + Math.random() / 10, longitude: 4.3 + Math.random() / 10 }));
const json = JSON.stringify(props);
console.log('bytes', json.length);
function t(label: string, fn: () => Buffer) {
  for (let i = 0; i < 200; i++) fn();
  const c = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < 1000; i++) size = fn().length;
  const u = process.cpuUsage(c);
  console.log(label.padEnd(12), ((u.user + u.system) / 1000 / 1000).toFixed(3), 'ms cpu/op', size, 'bytes');
}
t('gzip 6', () => zlib.gzipSync(json));
t('gzip 1', () => zlib.gzipSync(json, { level: 1 }));
t('br 4', () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }));
t('br 4 hint', () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length } }));
t('br 1', () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }));
t('br 2', () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } }));
t('br 4 lgwin18', () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } }));
