// Draws the demo catalogue's product pictures as SVG: one silhouette per product type, filled with the
// variant's colour, shaded, on a backdrop and at an angle that change with the view (front, angled, close-up, back).
export type ArtType =
  'dress' | 'top' | 'trousers' | 'jacket' | 'shoe' | 'bag' | 'hat' | 'bottle' | 'jar' | 'tube' | 'pump';

export const ART_WIDTH = 600;
export const ART_HEIGHT = 750;
/** Rendered size: drawn in a 600 × 750 box, rasterised at the large image width so the gallery stays sharp. */
export const RENDER_WIDTH = 1000;
export const RENDER_HEIGHT = 1250;

interface Shape {
  /** Main silhouette path. */
  body: string;
  /** Details drawn on top in a darker shade of the colour (seams, straps, soles, lids). */
  details?: string;
  /** Elements in a fixed material colour (gold caps, pump heads, buckles). */
  metal?: string;
  /** Light label area for beauty packaging. */
  label?: string;
  /** Where a close-up zooms in (x, y). */
  focus: [number, number];
  /** The y the object stands on (its shadow), and how much to enlarge small objects. */
  ground: number;
  scale?: number;
}

const SHAPES: Record<ArtType, Shape> = {
  dress: {
    body: 'M252 112 L280 112 L300 146 L320 112 L348 112 L362 250 Q376 292 360 312 L468 648 Q300 690 132 648 L240 312 Q224 292 238 250 Z',
    details:
      'M238 300 L362 300 L360 318 L240 318 Z M258 112 L264 60 L270 60 L272 112 Z M328 112 L330 60 L336 60 L342 112 Z',
    focus: [300, 250],
    ground: 650,
  },
  top: {
    body: 'M228 140 L272 118 Q300 156 328 118 L372 140 L452 222 L410 272 L376 242 L382 522 L218 522 L224 242 L190 272 L148 222 Z',
    details:
      'M272 118 L300 190 L328 118 L322 118 L300 172 L278 118 Z M296 200 h8 v8 h-8 Z M296 260 h8 v8 h-8 Z M296 320 h8 v8 h-8 Z M296 380 h8 v8 h-8 Z M218 506 L382 506 L382 522 L218 522 Z',
    focus: [300, 200],
    ground: 524,
    scale: 1.1,
  },
  trousers: {
    body: 'M208 130 L392 130 L402 200 L432 644 L336 644 L300 292 L264 644 L168 644 L198 200 Z',
    details:
      'M208 130 L392 130 L394 160 L206 160 Z M298 160 L302 160 L301 260 L299 260 Z M228 170 Q250 200 262 170 Z M338 170 Q350 200 372 170 Z',
    focus: [300, 220],
    ground: 646,
  },
  jacket: {
    body: 'M238 118 L362 118 L452 180 L472 562 L422 562 L406 302 L412 642 L188 642 L194 302 L178 562 L128 562 L148 180 Z',
    details:
      'M262 118 L300 250 L338 118 L350 122 L306 290 L300 292 L294 290 L250 122 Z M298 290 L302 290 L302 642 L298 642 Z M312 340 a7 7 0 1 0 0.1 0 M312 430 a7 7 0 1 0 0.1 0 M312 520 a7 7 0 1 0 0.1 0 M196 420 L262 420 L262 428 L196 428 Z M338 420 L404 420 L404 428 L338 428 Z',
    focus: [300, 230],
    ground: 644,
  },
  shoe: {
    body: 'M132 470 Q140 404 222 392 L300 380 Q336 330 382 338 Q420 350 470 420 Q504 452 494 500 L132 500 Z',
    details:
      'M126 496 L498 496 Q500 522 480 526 L140 526 Q122 522 126 496 Z M300 380 Q320 420 370 430 L366 440 Q312 430 292 386 Z',
    metal: 'M332 356 a5 5 0 1 0 0.1 0 M348 366 a5 5 0 1 0 0.1 0 M362 378 a5 5 0 1 0 0.1 0',
    focus: [330, 430],
    ground: 528,
    scale: 1.3,
  },
  bag: {
    body: 'M176 300 Q176 280 196 280 L404 280 Q424 280 424 300 L440 560 Q440 580 420 580 L180 580 Q160 580 160 560 Z',
    details:
      'M220 282 Q220 170 300 170 Q380 170 380 282 L364 282 Q364 188 300 188 Q236 188 236 282 Z M168 360 L432 360 L433 372 L167 372 Z',
    metal: 'M286 352 h28 v30 h-28 Z',
    focus: [300, 340],
    ground: 582,
    scale: 1.15,
  },
  hat: {
    body: 'M120 470 Q120 430 300 428 Q480 430 480 470 Q480 500 300 502 Q120 500 120 470 Z M214 450 Q210 330 300 324 Q390 330 386 450 Q300 470 214 450 Z',
    details: 'M212 420 Q300 440 388 420 L387 446 Q300 466 213 446 Z',
    focus: [300, 420],
    ground: 504,
    scale: 1.35,
  },
  bottle: {
    body: 'M214 330 Q214 300 244 300 L356 300 Q386 300 386 330 L386 600 Q386 630 356 630 L244 630 Q214 630 214 600 Z',
    metal: 'M262 226 L338 226 L338 300 L262 300 Z M282 200 L318 200 L318 228 L282 228 Z',
    label: 'M244 420 L356 420 L356 500 L244 500 Z',
    focus: [300, 360],
    ground: 632,
    scale: 1.1,
  },
  jar: {
    body: 'M182 440 L418 440 L412 600 Q410 620 390 620 L210 620 Q190 620 188 600 Z',
    details: 'M170 386 Q170 372 184 372 L416 372 Q430 372 430 386 L430 440 L170 440 Z',
    label: 'M214 490 L386 490 L386 566 L214 566 Z',
    focus: [300, 450],
    ground: 622,
    scale: 1.3,
  },
  tube: {
    body: 'M252 196 L348 196 L362 560 L238 560 Z',
    details: 'M246 176 L354 176 L352 206 L248 206 Z',
    metal: 'M238 560 L362 560 L356 640 L244 640 Z',
    label: 'M262 300 L338 300 L342 440 L258 440 Z',
    focus: [300, 300],
    ground: 642,
    scale: 1.05,
  },
  pump: {
    body: 'M224 300 Q224 270 254 270 L346 270 Q376 270 376 300 L376 630 Q376 650 356 650 L244 650 Q224 650 224 630 Z',
    details: 'M272 232 L328 232 L328 272 L272 272 Z',
    metal: 'M292 180 L308 180 L308 234 L292 234 Z M292 180 L370 180 L370 196 L292 196 Z',
    label: 'M246 400 L354 400 L354 520 L246 520 Z',
    focus: [300, 380],
    ground: 652,
    scale: 1.05,
  },
};

const BACKDROPS: Array<[string, string]> = [
  ['#f6f2ed', '#e8e0d6'],
  ['#f1ecf3', '#e2d9e6'],
  ['#edf1f1', '#dbe3e3'],
  ['#f4efe6', '#e6dccb'],
];

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.max(0, Math.min(255, Math.round(v)));
  });
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

/** SVG of one product picture: `view` 0 front, 1 angled on a plinth, 2 close-up, 3 back (mirrored, other light). */
export function productArt(type: ArtType, hex: string, view: number): string {
  const s = SHAPES[type];
  const [bgTop, bgBottom] = BACKDROPS[view % BACKDROPS.length]!;
  const light = luminance(hex) > 0.8;
  const outline = light ? shade(hex, -0.35) : shade(hex, -0.25);
  const detail = light ? shade(hex, -0.18) : shade(hex, -0.3);
  const [fx, fy] = s.focus;
  const zoom = 1.45 / (s.scale ?? 1);
  const transform =
    view === 1
      ? `rotate(-7 300 400) translate(30 20) scale(0.92)`
      : view === 2
        ? `translate(${300 - fx * zoom} ${330 - fy * zoom}) scale(${zoom})`
        : view === 3
          ? `translate(600 0) scale(-1 1)`
          : '';
  const lightFrom = view === 3 ? '1' : '0';
  const lightTo = view === 3 ? '0' : '1';
  const plinth =
    view === 1 ? `<rect x="110" y="640" width="380" height="110" rx="6" fill="${shade(bgBottom, -0.06)}"/>` : '';
  const split = view === 2 ? `<path d="M0 520 L600 380 L600 750 L0 750 Z" fill="${bgBottom}" opacity="0.7"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_WIDTH}" height="${RENDER_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
<linearGradient id="lit" x1="${lightFrom}" y1="0" x2="${lightTo}" y2="0.3"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3dc9a"/><stop offset="0.5" stop-color="#c9a54a"/><stop offset="1" stop-color="#8f7228"/></linearGradient>
</defs>
<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#bg)"/>${split}${plinth}
<g transform="translate(300 ${s.ground}) scale(${s.scale ?? 1}) translate(${-300} ${-s.ground}) translate(0 ${640 - s.ground - (s.scale ?? 1) * 0})">
${view === 2 ? '' : `<ellipse cx="300" cy="${s.ground + 6}" rx="170" ry="16" fill="#000" opacity="0.10"/>`}
<g transform="${transform}">
<path d="${s.body}" fill="${hex}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>
<path d="${s.body}" fill="url(#lit)"/>
${s.details ? `<path d="${s.details}" fill="${detail}" stroke="${outline}" stroke-width="1.5"/>` : ''}
${s.label ? `<path d="${s.label}" fill="#fbfaf7" opacity="0.92"/><path d="${s.label}" fill="none" stroke="${outline}" stroke-width="1"/>` : ''}
${s.metal ? `<path d="${s.metal}" fill="url(#metal)" stroke="#7a6223" stroke-width="1"/>` : ''}
</g>
</g>
</svg>`;
}
