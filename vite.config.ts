// Vite build of the React client: file routes (TanStack Router, auto code-splitting), API proxy in dev.
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { staticVersions } from './src/server/http/static-versions.ts';
import { versionedUrl } from './src/shared/static-url.ts';
import { FIRST_TAP_SCRIPT } from './src/shared/first-tap-script.ts';

/** Content versions of public/images/** and the favicon: `?v=` in the client's URLs (decision 193). */
function versionedPublicFiles(): Plugin {
  const versions = () => staticVersions('public');
  return {
    name: 'butiku-versioned-public-files',
    config: () => ({ define: { __STATIC_VERSIONS__: JSON.stringify(versions()) } }),
    transformIndexHtml: (html) =>
      html.replace('href="/favicon.png"', `href="${versionedUrl('/favicon.png', versions())}"`),
  };
}

/** index.html's charset declaration, wherever it stands once every plugin has added its tags. */
const CHARSET = /\s*<meta charset="utf-8"\s*\/?>/i;

/**
 * The head's first elements, set last (order 'post', after Vite's own tags such as the dev client): the charset,
 * so it stays within the page's first 1 024 bytes as HTML requires (decision 247), then the inline script that keeps
 * taps made before the app is live (decision 213), before anything else in the head can run.
 */
function charsetAndFirstTapCapture(): Plugin {
  return {
    name: 'butiku-charset-and-first-tap-capture',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!CHARSET.test(html)) throw new Error('index.html: <meta charset="UTF-8" /> is missing');
        const first = `\n    <meta charset="UTF-8" />\n    <script>${FIRST_TAP_SCRIPT}</script>`;
        return html.replace(CHARSET, '').replace(/<head>/i, (head) => head + first);
      },
    },
  };
}

/** Route files the server renders (decision 194): their chunks' stylesheets are needed before they load. */
const RENDERED_ROUTES = /src\/client\/routes\/(index|products\.|glow-outlet\.|productDetails\.)/;

/**
 * The stylesheets a server-rendered page needs, linked in index.html's head as the entry's own CSS is: those of
 * the app's code (boot.tsx and what it imports), which main.tsx loads after the first paint, and those of the
 * rendered routes' chunks and their imports (the wishlist heart on a product card), which arrive even later.
 * The page paints styled from HTML and CSS; Vite's preloader sees the links and does not load them twice.
 */
function bootStylesInHead(): Plugin {
  return {
    name: 'butiku-boot-styles-in-head',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const css = new Set<string>();
        const seen = new Set<string>();
        const visit = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || seen.has(file)) return;
          seen.add(file);
          for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(f);
          chunk.imports.forEach(visit);
        };
        for (const c of chunks) {
          const id = c.facadeModuleId ?? '';
          if (id.endsWith('src/client/boot.tsx') || RENDERED_ROUTES.test(id)) visit(c.fileName);
        }
        const inHead = new Set([...html.matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1]));
        return [...css]
          .filter((file) => !inHead.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** main.tsx's start-up stages (decision 214), in order: each is a module main.tsx imports dynamically. */
const START_STAGES: Array<[name: string, root: RegExp]> = [
  ['react-dom', /[\\/]react-dom[\\/]client\.js$/],
  ['app-router', /src[\\/]client[\\/]router\.tsx$/],
  ['app-boot', /src[\\/]client[\\/]boot\.tsx$/],
];

/**
 * What every server-rendered catalogue page shows (home, listings, product page): the product card with its
 * wishlist heart (and what they import: the heart's login prompt, the API error reader). They join the router's
 * stage instead of arriving as three or four route-shared chunks of 0.2–1.3 KB each (decision 214).
 */
const CATALOGUE_PARTS =
  /src[\\/]client[\\/](components[\\/]ui[\\/]product-card|features[\\/]wishlist[\\/]wishlist-heart)\.tsx$/;

/**
 * Modules a stage reaches only through a package's index, which the first load never runs: React Query's
 * useMutation and its observer (~0.7 KB gzip; the storefront's shell and hearts change the wishlist without them,
 * use-wishlist.ts). Left to the automatic splitting, they go with the later chunks that use them.
 */
const LATER_PARTS =
  /[\\/]@tanstack[\\/](react-query[\\/].*[\\/]useMutation|query-core[\\/].*[\\/]mutationObserver)\.js$/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module of the app (static and dynamic imports from `entry`) whose id matches `pattern`. */
function modulesMatching(entry: string, pattern: RegExp, graph: ModuleGraph): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    const info = graph.getModuleInfo(m);
    stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  const found = [...seen].filter((m) => pattern.test(m));
  if (found.length < 2) throw new Error(`vite.config.ts: CATALOGUE_PARTS no longer names the app's modules`);
  return found;
}

/**
 * One chunk per start-up stage instead of ~25 small shared ones (each a request, a gzip stream of its own and
 * import/export lists): a module statically reachable from a stage's root goes to the first stage that reaches it,
 * so each stage still evaluates only its own modules. What the stages load later (route chunks, the tRPC client)
 * is left to the automatic splitting.
 */
function startStageChunks() {
  let stageOf: Map<string, string> | undefined;
  const stage = (id: string, graph: ModuleGraph) => {
    if (!stageOf) {
      stageOf = new Map();
      const entry = path.resolve('src/client/main.tsx');
      const walk = (stack: string[], name: string) => {
        while (stack.length) {
          const m = stack.pop()!;
          if (stageOf!.has(m)) continue;
          stageOf!.set(m, name);
          stack.push(...(graph.getModuleInfo(m)?.importedIds ?? []));
        }
      };
      walk([entry], ''); // main.tsx's own static imports stay in the entry chunk
      const roots = graph.getModuleInfo(entry)?.dynamicallyImportedIds ?? [];
      for (const [name, pattern] of START_STAGES) {
        const root = roots.filter((m) => pattern.test(m));
        if (!root.length) throw new Error(`main.tsx no longer imports the start-up stage ${name}`);
        walk(root, name);
        if (name === 'app-router') walk(modulesMatching(entry, CATALOGUE_PARTS, graph), name);
      }
    }
    return LATER_PARTS.test(id) ? null : stageOf.get(id) || null;
  };
  // Each group takes exactly its stage's modules, not their dependencies (those of an earlier stage or the entry).
  return START_STAGES.map(([name]) => ({
    name: (id: string, graph: ModuleGraph) => (stage(id, graph) === name ? name : null),
    debugName: name,
    includeDependenciesRecursively: false,
  }));
}

export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    // The storefront's route table: the same routes without routes/dashboard/, whose routes the browser adds on
    // the first /dashboard URL (src/client/route-tree.ts, decision 214).
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.storefront.gen.ts',
      routeFileIgnorePattern: '^dashboard$',
      autoCodeSplitting: true,
    }),
    react(),
    versionedPublicFiles(),
    bootStylesInHead(),
    charsetAndFirstTapCapture(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the shop supports preloads modules itself (Safari from 17); an older one just loads them when
    // imported. The polyfill was ~0.5 KB on every first load (decision 214).
    modulePreload: { polyfill: false },
    copyPublicDir: !isSsrBuild, // the server render (dist/ssr) serves no files
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: startStageChunks() } } },
  },
  resolve: {
    tsconfigPaths: true, // #server/…, #shared/…, #client/… (tsconfig.json paths)
    // React Store's useSelector imports the shim for React < 18; React 19 has useSyncExternalStore, and the
    // non-shim build of the same hook uses it (the shim was ~0.5 KB gzip on every first load, decision 214).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
}));
