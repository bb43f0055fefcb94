// The serving process's first file (`npm start` execs node on dist/server/main.cjs, built from this): it loads the
// shop itself (dist/server/shop.cjs, built from main.ts) through a V8 code cache kept beside it (compile-cache.ts,
// decision 291), so a start does not parse and compile the shop's 5 MB bundle again.
import { fileURLToPath } from 'node:url';
import { loadWithCompileCache } from './compile-cache';
import { provideNativeImport } from './lib/native-import';

// This file is compiled by Node itself: its import() is the one the bundle uses for sharp and the render's entry.
provideNativeImport((specifier) => import(specifier));

loadWithCompileCache(fileURLToPath(new URL('./shop.cjs', import.meta.url)));
