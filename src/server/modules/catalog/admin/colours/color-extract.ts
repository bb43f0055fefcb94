// Dominant colours of product photos: sharp decodes each image to raw RGBA, opaque pixels are sampled, and
// k-means (k-means++ seeding, deterministic) in CIE Lab groups them; each cluster is named after the nearest
// colour of an Albanian palette. See docs/decisions/051.
import { loadSharp, runImageWork } from '#server/modules/media';

export interface DetectedColor {
  colorName: string;
  hexCode: string;
  /** Fraction (0..1) of the sampled pixels in this colour. */
  share: number;
}

type Rgb = [number, number, number];
type Lab = [number, number, number];

/** Albanian colour names with a typical shade; the detected cluster takes the name of the nearest one. */
export const ALBANIAN_COLORS: ReadonlyArray<{ name: string; hex: string }> = [
  { name: 'E zezë', hex: '#111111' },
  { name: 'E bardhë', hex: '#FFFFFF' },
  { name: 'Gri', hex: '#8C8C8C' },
  { name: 'Gri e errët', hex: '#4A4A4A' },
  { name: 'Gri e çelët', hex: '#CFCFCF' },
  { name: 'Argjendi', hex: '#B8BCC2' },
  { name: 'E kuqe', hex: '#D32F2F' },
  { name: 'Bordo', hex: '#7B1E2E' },
  { name: 'Rozë', hex: '#F4A6C1' },
  { name: 'Rozë e ndezur', hex: '#E91E63' },
  { name: 'Koral', hex: '#FF7F6E' },
  { name: 'Portokalli', hex: '#F57C00' },
  { name: 'E verdhë', hex: '#FDD835' },
  { name: 'Ari', hex: '#C9A227' },
  { name: 'Krem', hex: '#F3EBD3' },
  { name: 'Bezhë', hex: '#D6C2A3' },
  { name: 'Kamel', hex: '#B5895B' },
  { name: 'Kafe', hex: '#6D4C41' },
  { name: 'Kafe e errët', hex: '#3E2723' },
  { name: 'E gjelbër', hex: '#2E7D32' },
  { name: 'E gjelbër e çelët', hex: '#8BC34A' },
  { name: 'Ulliri', hex: '#6B6B2A' },
  { name: 'Mente', hex: '#A8E6CF' },
  { name: 'Bruz', hex: '#26C6DA' },
  { name: 'E kaltër', hex: '#1E88E5' },
  { name: 'E kaltër e çelët', hex: '#90CAF9' },
  { name: 'Blu e errët', hex: '#1A237E' },
  { name: 'Blu marine', hex: '#0B1F3A' },
  { name: 'Vjollcë', hex: '#7B1FA2' },
  { name: 'Jargavan', hex: '#C5A3D9' },
];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

export function rgbToLab([r, g, b]: Rgb): Lab {
  const R = srgbToLinear(r),
    G = srgbToLinear(g),
    B = srgbToLinear(b);
  const x = (R * 0.4124 + G * 0.3576 + B * 0.1805) / 0.95047;
  const y = R * 0.2126 + G * 0.7152 + B * 0.0722;
  const z = (R * 0.0193 + G * 0.1192 + B * 0.9505) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f(x),
    fy = f(y),
    fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const dist2 = (a: readonly number[], b: readonly number[]) =>
  (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2;

const PALETTE_LAB = ALBANIAN_COLORS.map((c) => ({ name: c.name, lab: rgbToLab(hexToRgb(c.hex)) }));

/** The Albanian name of the palette colour nearest (in Lab) to the given one. */
export function nameColor(rgb: Rgb): string {
  const lab = rgbToLab(rgb);
  let best = PALETTE_LAB[0]!;
  let bestD = Infinity;
  for (const p of PALETTE_LAB) {
    const d = dist2(lab, p.lab);
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best.name;
}

/** Opaque pixels of an image, downscaled to at most `side`×`side`, as RGB triples. */
async function samplePixels(input: Buffer, side: number): Promise<Rgb[]> {
  const sharp = await loadSharp();
  const { data, info } = await runImageWork(() =>
    sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, kernel: 'nearest' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const out: Rgb[] = [];
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i + 3]! < 128) continue; // transparent background is not a colour of the product
    out.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  }
  return out;
}

/** Small deterministic PRNG so the same photos always give the same colours. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Cluster {
  lab: Lab;
  rgb: Rgb;
  count: number;
}

/** k-means over Lab points with k-means++ seeding; returns clusters with their mean RGB and size. */
export function kmeans(pixels: Rgb[], k: number, iterations = 12): Cluster[] {
  if (pixels.length === 0) return [];
  const labs = pixels.map(rgbToLab);
  const rand = mulberry32(pixels.length * 31 + k);
  const centers: Lab[] = [labs[Math.floor(rand() * labs.length)]!];
  const nearest = new Float64Array(labs.length).fill(Infinity);
  while (centers.length < k) {
    const last = centers[centers.length - 1]!;
    let total = 0;
    for (let i = 0; i < labs.length; i++) {
      nearest[i] = Math.min(nearest[i]!, dist2(labs[i]!, last));
      total += nearest[i]!;
    }
    if (total === 0) break; // fewer distinct colours than k
    let r = rand() * total;
    let idx = 0;
    for (; idx < labs.length - 1; idx++) {
      r -= nearest[idx]!;
      if (r <= 0) break;
    }
    centers.push([...labs[idx]!] as Lab);
  }
  const assign = new Int32Array(labs.length);
  for (let it = 0; it < iterations; it++) {
    let moved = false;
    for (let i = 0; i < labs.length; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < centers.length; c++) {
        const d = dist2(labs[i]!, centers[c]!);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      if (assign[i] !== best) moved = true;
      assign[i] = best;
    }
    const sums = centers.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < labs.length; i++) {
      const s = sums[assign[i]!]!;
      s[0]! += labs[i]![0];
      s[1]! += labs[i]![1];
      s[2]! += labs[i]![2];
      s[3]! += 1;
    }
    sums.forEach((s, c) => {
      if (s[3]! > 0) centers[c] = [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!];
    });
    if (!moved && it > 0) break;
  }
  const rgbSums = centers.map(() => [0, 0, 0, 0]);
  for (let i = 0; i < pixels.length; i++) {
    const s = rgbSums[assign[i]!]!;
    s[0]! += pixels[i]![0];
    s[1]! += pixels[i]![1];
    s[2]! += pixels[i]![2];
    s[3]! += 1;
  }
  return centers
    .map((lab, c) => {
      const s = rgbSums[c]!;
      const n = s[3]!;
      return { lab, rgb: (n ? [s[0]! / n, s[1]! / n, s[2]! / n] : [0, 0, 0]) as Rgb, count: n };
    })
    .filter((c) => c.count > 0);
}

export interface ExtractOptions {
  /** Clusters to look for (the answer may have fewer). */
  k?: number;
  /** Smallest share of the pixels a colour needs to be reported. */
  minShare?: number;
  maxColors?: number;
}

/**
 * Dominant colours across all the given images: clusters below minShare are dropped, clusters that end up
 * with the same Albanian name are merged (shares summed, the larger one's shade kept), largest first.
 */
export async function extractColors(images: Buffer[], opts: ExtractOptions = {}): Promise<DetectedColor[]> {
  const k = opts.k ?? 6;
  const minShare = opts.minShare ?? 0.04;
  const maxColors = opts.maxColors ?? 8;
  // Each image contributes about the same number of samples, however large it is.
  const perImage = Math.max(1, Math.floor(24_000 / Math.max(1, images.length)));
  const side = Math.max(16, Math.floor(Math.sqrt(perImage)));
  const pixels: Rgb[] = [];
  for (const img of images) pixels.push(...(await samplePixels(img, side)));
  const clusters = kmeans(pixels, k);
  const total = clusters.reduce((s, c) => s + c.count, 0);
  const byName = new Map<string, { rgb: Rgb; count: number; best: number }>();
  for (const c of clusters) {
    const name = nameColor(c.rgb);
    const prev = byName.get(name);
    if (!prev) byName.set(name, { rgb: c.rgb, count: c.count, best: c.count });
    else {
      if (c.count > prev.best) {
        prev.rgb = c.rgb;
        prev.best = c.count;
      }
      prev.count += c.count;
    }
  }
  return [...byName.entries()]
    .map(([colorName, v]) => ({ colorName, hexCode: rgbToHex(v.rgb), share: total ? v.count / total : 0 }))
    .filter((c) => c.share >= minShare)
    .sort((a, b) => b.share - a.share)
    .slice(0, maxColors);
}
