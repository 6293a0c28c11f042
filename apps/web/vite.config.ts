import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

/** The API server (apps/server) in development; `npm start` serves both on :8080. */
const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // `@/…` is apps/web/src (the same alias in tsconfig.json and the root vitest.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the production build: the server would not serve them anyway.
    sourcemap: false,
    // scripts/check-web-budget.mjs reads .vite/manifest.json to size each page's JavaScript.
    manifest: true,
  },
  server: {
    proxy: {
      '/ServiceBooking': { target: backend, changeOrigin: false },
      '/omalaakkonen': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
});
