import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The web workspace's front end (web/), built into dist/web/app, which the server (dist/web/*.js) serves.
export default defineConfig({
  root: 'web',
  base: '/',
  plugins: [preact()],
  build: {
    outDir: '../dist/web/app',
    emptyOutDir: true,
    // No inline scripts or styles: the server's Content-Security-Policy forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
