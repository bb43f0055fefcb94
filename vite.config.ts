// Vite build of the React client: file routes (TanStack Router, auto code-splitting), API proxy in dev.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
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
      html.replace('href="/favicon.svg"', `href="${versionedUrl('/favicon.svg', versions())}"`),
  };
}

/** The inline script that keeps taps made before the app is live (decision 213): first in the head. */
function firstTapCapture(): Plugin {
  return {
    name: 'butiku-first-tap-capture',
    transformIndexHtml: () => [{ tag: 'script', children: FIRST_TAP_SCRIPT, injectTo: 'head-prepend' }],
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
    react(),
    versionedPublicFiles(),
    bootStylesInHead(),
    firstTapCapture(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    copyPublicDir: !isSsrBuild, // the server render (dist/ssr) serves no files
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
}));
