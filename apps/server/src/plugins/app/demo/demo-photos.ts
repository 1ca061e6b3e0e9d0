import type { PhotoStore } from '../uploads/photo-store.ts';
import { loadSharp } from '../uploads/image-library.ts';
import { MEDIUM_EDGE, resized, THUMB_EDGE } from '../uploads/uploads-service.ts';

/** Illustrated demo photos, drawn as SVG and encoded to WebP at first start: no binary files in the repo. */

interface Palette {
  sky: [string, string];
  wall: string;
  accent: string;
  floor: string;
}

export const PALETTES: Palette[] = [
  { sky: ['#8ec5fc', '#e0c3fc'], wall: '#f4efe6', accent: '#c0392b', floor: '#b08968' },
  { sky: ['#f6d365', '#fda085'], wall: '#fdf6ec', accent: '#1f6f8b', floor: '#a47148' },
  { sky: ['#a1c4fd', '#c2e9fb'], wall: '#eef2f3', accent: '#2d6a4f', floor: '#8d6e63' },
  { sky: ['#fbc2eb', '#a6c1ee'], wall: '#faf3e0', accent: '#6d597a', floor: '#9c6644' },
];

function buildingSvg(p: Palette, floors: number, variant: number): string {
  const width = 1200;
  const height = 800;
  const buildingWidth = 520 + variant * 40;
  const x0 = (width - buildingWidth) / 2;
  const storey = 110;
  const top = height - 120 - floors * storey;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < 4; c++) {
      const wx = x0 + 40 + c * ((buildingWidth - 80) / 4);
      const wy = top + 25 + f * storey;
      const lit = (f + c + variant) % 3 === 0;
      windows.push(
        `<rect x="${wx}" y="${wy}" width="${(buildingWidth - 80) / 4 - 30}" height="70" rx="6" fill="${lit ? '#ffe8a3' : '#9ec9e2'}" stroke="#ffffff" stroke-width="6"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${200 + variant * 700}" cy="140" r="60" fill="#fff6d5" opacity="0.9"/>
  <ellipse cx="300" cy="${height - 80}" rx="260" ry="80" fill="#7fb069"/>
  <ellipse cx="950" cy="${height - 70}" rx="320" ry="90" fill="#6a994e"/>
  <rect x="${x0}" y="${top}" width="${buildingWidth}" height="${floors * storey + 10}" fill="${p.wall}"/>
  <polygon points="${x0 - 30},${top} ${x0 + buildingWidth / 2},${top - 110} ${x0 + buildingWidth + 30},${top}" fill="${p.accent}"/>
  ${windows.join('\n  ')}
  <rect x="${x0 + buildingWidth / 2 - 45}" y="${height - 230}" width="90" height="120" rx="8" fill="${p.accent}"/>
  <rect x="0" y="${height - 110}" width="${width}" height="110" fill="#d9d4c7"/>
</svg>`;
}

function roomSvg(p: Palette, variant: number): string {
  const width = 1200;
  const height = 800;
  const bedX = 180 + (variant % 2) * 340;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="${p.wall}"/>
  <rect x="0" y="560" width="${width}" height="240" fill="${p.floor}"/>
  <rect x="${760 - (variant % 2) * 560}" y="110" width="300" height="260" rx="10" fill="url(#sky)" stroke="#ffffff" stroke-width="14"/>
  <line x1="${910 - (variant % 2) * 560}" y1="110" x2="${910 - (variant % 2) * 560}" y2="370" stroke="#ffffff" stroke-width="10"/>
  <rect x="${bedX}" y="420" width="520" height="180" rx="24" fill="#ffffff"/>
  <rect x="${bedX}" y="480" width="520" height="120" rx="20" fill="${p.accent}"/>
  <rect x="${bedX + 30}" y="430" width="140" height="60" rx="20" fill="#f1f1f1"/>
  <rect x="${bedX - 20}" y="360" width="30" height="260" rx="8" fill="${p.floor}"/>
  <rect x="${bedX + 560}" y="470" width="120" height="130" rx="10" fill="${p.floor}" opacity="0.85"/>
  <rect x="${bedX + 605}" y="380" width="30" height="90" fill="#444"/>
  <path d="M ${bedX + 580} 380 L ${bedX + 660} 380 L ${bedX + 640} 330 L ${bedX + 600} 330 Z" fill="#ffe8a3"/>
  <ellipse cx="${width / 2}" cy="700" rx="360" ry="50" fill="#ffffff" opacity="0.25"/>
</svg>`;
}

/**
 * `seed`: renders a demo photo unless an earlier start did (the picture is written last, after its smaller sizes).
 * `complete`: only gives a demo photo still stored the sizes it lacks (made before medium sizes, or thumbnails).
 */
type RenderMode = 'seed' | 'complete';

async function render(store: PhotoStore, svg: string, name: string, mode: RenderMode): Promise<void> {
  const thumb = name.replace(/\.webp$/, '-thumb.webp');
  const medium = name.replace(/\.webp$/, '-medium.webp');
  const hasPicture = await store.exists(name);
  if (mode === 'complete' && !hasPicture) return; // deleted with its property: not brought back
  if (hasPicture && (await store.exists(medium))) return;
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg));
  // The same sizes as an uploaded photo (uploads-service.ts): the pages' `srcset` names all three.
  await store.put(thumb, await resized(image, THUMB_EDGE));
  await store.put(medium, await resized(image, MEDIUM_EDGE));
  await store.put(name, await image.clone().webp({ quality: 78 }).toBuffer());
}

/** Renders the demo photos into the photo store (DATA_DIR/uploads or the bucket) and answers their URLs. */
export async function renderDemoPhotos(store: PhotoStore, key: string, palette: Palette, floors: number, variant: number, mode: RenderMode = 'seed') {
  const property = [`demo-${key}-outside.webp`, `demo-${key}-street.webp`];
  await render(store, buildingSvg(palette, floors, variant), property[0]!, mode);
  await render(store, buildingSvg(PALETTES[(variant + 2) % PALETTES.length]!, floors + 1, 1 - variant), property[1]!, mode);
  const room = async (index: number) => {
    const name = `demo-${key}-room-${index}.webp`;
    await render(store, roomSvg(PALETTES[(variant + index) % PALETTES.length]!, index), name, mode);
    return `/uploads/${name}`;
  };
  return { propertyPhotos: property.map((name) => `/uploads/${name}`), roomPhoto: room };
}
