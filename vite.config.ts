import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  // The router plugin must run before React's so route files are split before JSX is compiled.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  build: {
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
});
