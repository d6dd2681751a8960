import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadLazyChunks } from './scripts/preload-lazy-chunks.ts';

const api = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must run before React's so route files are split before JSX is compiled.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // The admin console's start and its first tab, named in admin.html: one level of module requests.
    preloadLazyChunks('admin.html', ['src/admin/boot.tsx', 'src/admin/dashboard/DashboardTab.tsx']),
  ],
  // The server bundle (`vite build --ssr src/entry-server.tsx`) holds its dependencies, in production
  // mode whatever NODE_ENV the server runs with: React, MUI and emotion then write the same HTML and
  // class names as the browser build. tRPC's client stays outside: the server hands the bundle a
  // link from its own copy (server/http/page-render.ts).
  ...(isSsrBuild && {
    ssr: { noExternal: true, external: ['@trpc/client', '@trpc/server'] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // The manifest lets the benchmark add up exactly what each page loads.
        manifest: true,
        // The admin console is a second page of the same build, served on the admin host (decision 005).
        rollupOptions: { input: { main: 'index.html', admin: 'admin.html' } },
      },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/trpc', '/api', '/files', '/auth', '/healthz', '/webhooks'].map((p) => [p, api])),
  },
}));
