// Vite build of the React client: file routes (TanStack Router, auto code-splitting), API proxy in dev.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { staticVersions } from './src/server/http/static-versions';
import { versionedUrl } from './src/shared/static-url';

/** Content versions of public/images/** and the favicon: `?v=` in the client's URLs (decision 193). */
function versionedPublicFiles(): Plugin {
  const versions = () => staticVersions('public');
  return {
    name: 'butiku-versioned-public-files',
    config: () => ({ define: { __STATIC_VERSIONS__: JSON.stringify(versions()) } }),
    transformIndexHtml: (html) => html.replace('href="/favicon.svg"', `href="${versionedUrl('/favicon.svg', versions())}"`),
  };
}

/**
 * The stylesheets of the app's code (boot.tsx and what it imports) linked in index.html's head, as the entry's own
 * CSS is: main.tsx loads boot.tsx after the first paint (decision 194), and the page must paint styled.
 */
function bootStylesInHead(): Plugin {
  return {
    name: 'butiku-boot-styles-in-head',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('src/client/boot.tsx'));
        const css = boot?.type === 'chunk' ? [...(boot.viteMetadata?.importedCss ?? [])] : [];
        return css.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
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
