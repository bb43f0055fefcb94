// The look block's chunk (decision 276): loaded by the server render before it renders (entry-server.tsx) and, in
// the browser, by the product page only for a product that has a look; once loaded it is kept, so later renders
// need not suspend. Kept on globalThis, not in a module variable: the server build inlines this module into both
// entry-server.js and the product page's chunk, and both must see the one loaded block.
type LookBlockModule = typeof import('./look-block');
const KEY = Symbol.for('butiku.lookBlock');
const holder = globalThis as { [KEY]?: LookBlockModule };

export const loadLookBlock = (): Promise<LookBlockModule> => import('./look-block').then((mod) => (holder[KEY] = mod));

export const loadedLookBlock = (): LookBlockModule | null => holder[KEY] ?? null;
