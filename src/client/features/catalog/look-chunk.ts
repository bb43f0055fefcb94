// The look block's chunk (decision 276): loaded by the server render before it renders (entry-server.tsx) and, in
// the browser, by the product page only for a product that has a look; once loaded it is kept, so later renders
// need not suspend.
type LookBlockModule = typeof import('./look-block');
let loaded: LookBlockModule | null = null;

export const loadLookBlock = (): Promise<LookBlockModule> =>
  import('./look-block').then((mod) => (loaded = mod));

export const loadedLookBlock = (): LookBlockModule | null => loaded;
