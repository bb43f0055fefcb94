// import() of a package or file outside the server's bundle (sharp, the server render's entry), as Node's own loader
// runs it. The serving bundle is compiled through vm.Script for its code cache (compile-cache.ts, decision 291), where
// import() works only with an experimental option that prints a warning; boot.ts, loaded by Node itself, hands the
// bundle its import() instead. Run from source (tsx, tests) there is none, and import() is the usual one.
const KEY = Symbol.for('butiku.nativeImport');

type Importer = (specifier: string) => Promise<unknown>;

/** Set by boot.ts before the bundle runs. */
export function provideNativeImport(importer: Importer): void {
  (globalThis as Record<symbol, unknown>)[KEY] = importer;
}

export function nativeImport<T>(specifier: string): Promise<T> {
  const given = (globalThis as Record<symbol, unknown>)[KEY] as Importer | undefined;
  return (given ? given(specifier) : import(specifier)) as Promise<T>;
}
