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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React on its own: every first page loads it, and it changes only with its version.
            { name: 'react', priority: 3, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The site's header and footer and what the landing page shares with the steps.
            {
              name: 'site-chrome',
              priority: 2,
              test: /web[\\/]src[\\/](components[\\/](layout[\\/]site-chrome|ui[\\/]page-title)|config[\\/]paths)|domain[\\/]src[\\/](rules|http)\.ts/,
            },
            // The frame of a step (the process's head and progress, the step page, its fields and
            // buttons) and the session state, in one file with its one stylesheet: the stand-alone
            // first step (src/first-step/) paints with it before the app has loaded, and every
            // step of the app draws with it.
            {
              name: 'step-frame',
              priority: 1,
              test: /web[\\/]src[\\/](components[\\/](layout[\\/]step-page|ui[\\/](step-nav|field|button\.tsx|icons|progress-(steps\.tsx|bar\.css)))|app[\\/](process-layout\.css|routes[\\/]vehicle-step(-frame\.tsx|\.css))|features[\\/](loyalty[\\/](components[\\/]loyalty-(prompt\.tsx|block\.css)|loyalty-token)|vehicle[\\/](kilometers|components[\\/]vehicle-form\.css))|lib[\\/](first-step-handoff|process-session|analytics))|domain[\\/]src[\\/](register-number|messages|time)\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/ServiceBooking': { target: backend, changeOrigin: false },
      '/omalaakkonen': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
});
