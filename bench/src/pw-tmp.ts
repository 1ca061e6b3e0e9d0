import { measurePageWeight } from './page-weight.ts';
const w = await measurePageWeight('/work/main/apps/web/dist', 'http://127.0.0.1:4707');
console.log(w.method, JSON.stringify(w.homeJs), '\n' + w.home.filter(a=>a.kind==='js').map(a=>`${a.file} ${a.gzip}`).join('\n'));
