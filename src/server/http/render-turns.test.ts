// Uncached renders take turns (render-turns.ts, issue 38): at most RENDERS_AT_ONCE at a time, in the order asked,
// each in a turn of its own, so I/O between them is not starved by a burst of synchronous renders.
import { describe, expect, it } from 'vitest';
import { inRenderTurn, RENDERS_AT_ONCE, rendersWaiting } from './render-turns';

/** A render that holds the thread for `ms` without yielding, as a SQLite-backed render does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('render turns', () => {
  it('runs at most RENDERS_AT_ONCE at a time, in the order asked, and lets the loop turn between them', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const render = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      busy(5);
      await Promise.resolve();
      running--;
      return name;
    };
    // Twenty renders asked in one go, then an I/O-like callback (a turn of the loop) asked right after them.
    const renders = Array.from({ length: 20 }, (_, i) => inRenderTurn(render(`r${i}`)));
    expect(rendersWaiting()).toBe(20 - RENDERS_AT_ONCE);
    let turnedAfter = -1;
    setImmediate(() => (turnedAfter = order.length));
    expect(await Promise.all(renders)).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect(most).toBeLessThanOrEqual(RENDERS_AT_ONCE);
    // The loop turned before most renders ran: a burst no longer holds it for all twenty.
    expect(turnedAfter).toBeGreaterThanOrEqual(0);
    expect(turnedAfter).toBeLessThanOrEqual(RENDERS_AT_ONCE);
    expect(rendersWaiting()).toBe(0);
  });

  it('a failed render gives its place to the next one', async () => {
    const failing = inRenderTurn(async () => {
      throw new Error('render failed');
    });
    const others = Array.from({ length: RENDERS_AT_ONCE + 2 }, (_, i) => inRenderTurn(async () => i));
    await expect(failing).rejects.toThrow('render failed');
    expect(await Promise.all(others)).toEqual(Array.from({ length: RENDERS_AT_ONCE + 2 }, (_, i) => i));
  });
});
