import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.VITE_API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered from src/main.tsx through `virtual:pwa-register`; nothing is injected into index.html,
      // so the page keeps working under `script-src 'self'`.
      injectRegister: 'auto',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'offline.html', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'NomadSwap',
        short_name: 'NomadSwap',
        description: 'Swap items with other travellers when you move between cities. Free, no fees.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f766e',
        background_color: '#f8fafc',
        categories: ['lifestyle', 'shopping', 'travel'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The built shell (HTML, hashed JS/CSS, icons, offline page). The large social preview image is
        // only fetched by crawlers, so it stays out of the precache.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['og-image.png'],
        // Navigations go to the network so a deploy is visible at once; only when the network is down
        // does the precached offline page answer. No cached index.html is served for client routes.
        navigateFallback: null,
        runtimeCaching: [
          {
            // Nothing else gets a route: `/api/*` and `/socket.io` requests pass through the worker
            // untouched and are never cached.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api|socket\.io)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework changes far less often than the app: its own hashed chunk stays cached across
          // deploys. Only libraries every page needs belong here, or lazy pages would lose their split.
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
