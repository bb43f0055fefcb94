// Colour extraction on generated images of known colours: solid, striped, and with a transparent background.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractColors, hexToRgb, nameColor } from './color-extract';

const solid = (hex: string, w = 120, h = 90) =>
  sharp({ create: { width: w, height: h, channels: 3, background: hex } })
    .png()
    .toBuffer();

/** Vertical stripes: each colour gets `weights[i]` parts of the width. */
async function stripes(colors: string[], weights: number[] = colors.map(() => 1)): Promise<Buffer> {
  const width = 200;
  const height = 100;
  const total = weights.reduce((a, b) => a + b, 0);
  let x = 0;
  const layout = colors.map((hex, i) => {
    const w = i === colors.length - 1 ? width - x : Math.round((weights[i]! / total) * width);
    const at = { hex, left: x, w };
    x += w;
    return at;
  });
  const parts = await Promise.all(
    layout.map(async (l) => ({ input: await solid(l.hex, l.w, height), left: l.left, top: 0 })),
  );
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite(parts)
    .png()
    .toBuffer();
}

const distance = (a: string, b: string) => {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return Math.sqrt((r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2);
};

describe('extractColors', () => {
  it('finds the one colour of a solid image, named in Albanian', async () => {
    const found = await extractColors([await solid('#D32F2F')]);
    expect(found).toHaveLength(1);
    expect(distance(found[0]!.hexCode, '#D32F2F')).toBeLessThan(6);
    expect(found[0]!.colorName).toBe('E kuqe');
    expect(found[0]!.share).toBeCloseTo(1, 5);
  });

  it('finds both colours of a striped image with their shares', async () => {
    const found = await extractColors([await stripes(['#1E88E5', '#FDD835'], [3, 1])]);
    const blue = found.find((c) => c.colorName === 'E kaltër');
    const yellow = found.find((c) => c.colorName === 'E verdhë');
    expect(blue && yellow).toBeTruthy();
    expect(distance(blue!.hexCode, '#1E88E5')).toBeLessThan(10);
    expect(distance(yellow!.hexCode, '#FDD835')).toBeLessThan(10);
    expect(blue!.share).toBeGreaterThan(0.65);
    expect(yellow!.share).toBeGreaterThan(0.2);
    expect(found[0]!.colorName).toBe('E kaltër'); // largest first
  });

  it('combines several images and ignores transparent pixels', async () => {
    const transparentWithBlack = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } },
    })
      .composite([{ input: await solid('#111111', 40, 40), left: 30, top: 30 }])
      .png()
      .toBuffer();
    const found = await extractColors([transparentWithBlack, await solid('#FFFFFF')]);
    const names = found.map((c) => c.colorName);
    expect(names).toContain('E zezë');
    expect(names).toContain('E bardhë');
    // The transparent area of the first image is not counted as white: black is 40*40 of 1600+10000 opaque px.
    const black = found.find((c) => c.colorName === 'E zezë')!;
    expect(black.share).toBeGreaterThan(0.1);
  });

  it('three-colour stripes give three distinct, correctly named colours', async () => {
    const found = await extractColors([await stripes(['#2E7D32', '#F4A6C1', '#6D4C41'])]);
    expect(found.map((c) => c.colorName).sort()).toEqual(['E gjelbër', 'Kafe', 'Rozë']);
    for (const [name, hex] of [
      ['E gjelbër', '#2E7D32'],
      ['Rozë', '#F4A6C1'],
      ['Kafe', '#6D4C41'],
    ] as const) {
      expect(distance(found.find((c) => c.colorName === name)!.hexCode, hex)).toBeLessThan(10);
    }
  });

  it('is deterministic', async () => {
    const img = await stripes(['#7B1FA2', '#FFFFFF', '#F57C00']);
    expect(await extractColors([img])).toEqual(await extractColors([img]));
  });
});

describe('nameColor', () => {
  it('names typical shades', () => {
    expect(nameColor([0, 0, 0])).toBe('E zezë');
    expect(nameColor([250, 250, 250])).toBe('E bardhë');
    expect(nameColor([220, 30, 30])).toBe('E kuqe');
    expect(nameColor([20, 30, 120])).toBe('Blu e errët');
  });
});
