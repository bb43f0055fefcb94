// File-level import cycles, type-only imports included (issue 34): `npm run lint` fails on any. import-x/no-cycle
// (lint/rules.js) skips `import type`, and module-rules.js sees modules, not files; a type-only import from a domain
// module into the page machinery once closed six cycles through catalog, orders, returns, reviews and seo.
// dpdm reads the server's and the client's entries with TypeScript's own parser, types kept (transform: false).
import { parseCircular, parseDependencyTree } from 'dpdm';

const ENTRIES = ['src/server/main.ts', 'src/client/main.tsx', 'src/server/workers/read-worker.ts'];

const tree = await parseDependencyTree(ENTRIES, {
  transform: false,
  skipDynamicImports: false,
  tsconfig: 'tsconfig.json',
});
const cycles = parseCircular(tree);
if (cycles.length > 0) {
  console.error(`Import cycles (type-only imports count): ${cycles.length}`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' -> ')}`);
  process.exit(1);
}
console.log(`Import cycles: none among ${Object.keys(tree).length} files (type-only imports counted)`);
