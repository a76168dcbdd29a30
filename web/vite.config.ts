import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { prerenderHome } from './src/early/prerender-home';
import { earlyPaint } from './src/early/vite-plugin';

const API_TARGET = process.env.VITE_API_PROXY_TARGET ?? 'http://localhost:8080';

/** Which text files get `.br` and `.gz` twins for the gateway to serve (gateway/src/static.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * vite-plugin-compression2 compresses the bundle and the public folder, but the service worker (`sw.js`) and its
 * workbox runtime are written by vite-plugin-pwa once the bundle is closed. This gives them the same twins, with the
 * same settings (Brotli quality 11, gzip level 9), after the worker exists.
 */
function compressServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'nomadswap:compress-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await fs.readdir(outDir)).filter((f) => f === 'sw.js' || /^workbox-.*\.js$/.test(f));
        for (const file of files) {
          const source = await fs.readFile(path.join(outDir, file));
          const twins = [
            ['br', await brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['gz', await gzip(source, { level: 9 })],
          ] as const;
          for (const [extension, compressed] of twins)
            if (compressed.length < source.length)
              await fs.writeFile(path.join(outDir, `${file}.${extension}`), compressed);
        }
      },
    },
  };
}

/**
 * Rolldown puts every module shared by several lazily loaded pages into a chunk per set of pages, so the first
 * render of `/` fetched ~30 files, a dozen of them single lucide icons of 200 bytes (each one a <link
 * rel=modulepreload> the preload helper appends, a request and a module compile: 40 ms of one main-thread task
 * in a trace). This names the chunk of a module by the set it is loaded with: the app (src/boot.tsx and its
 * static imports, the toast region among them) is `app`; what the home page shares with other pages is
 * `home-shared`, what `/browse` shares with them `browse-shared`. Nothing else loads once the page has loaded: the
 * service worker is registered without workbox-window (issue 25).
 * Every file is also about 0.4 KiB of response headers on a phone (issue 25: `/` downloaded four first-render
 * files under 2 KiB). Modules only other pages import keep Rolldown's automatic split, so no page downloads more
 * than before except what the app and the home page share with it, which it needed anyway.
 */
function firstRenderChunk(
  id: string,
  ctx: {
    getModuleInfo(id: string): {
      importedIds: readonly string[];
      importers: readonly string[];
      dynamicImporters: readonly string[];
      code: string | null;
    } | null;
  },
): string | null {
  const closure = (root: string, cache: Map<string, Set<string>>) => {
    let set = cache.get(root);
    if (set) return set;
    set = new Set<string>();
    const stack = [root];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (set.has(next)) continue;
      set.add(next);
      stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    cache.set(root, set);
    return set;
  };
  /** Whether a module of `page`'s closure is imported, at any depth, by a module outside it, not via `page`. */
  const reachedOtherwise = (module: string, page: string, pageSet: Set<string>) => {
    const seen = new Set<string>();
    const stack = [module];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next) || next === page) continue;
      if (!pageSet.has(next)) return true;
      seen.add(next);
      const info = ctx.getModuleInfo(next);
      stack.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []));
    }
    return false;
  };
  /**
   * Whether a module needs, beyond the app, only small modules: one that pulls in a library (zod, Radix) stays in
   * Rolldown's split, or every page that needs one icon of the shared chunk would download that library too.
   */
  const onlySmall = (module: string) =>
    [...closure(module, closures)].every(
      (dependency) =>
        closure(boot, closures).has(dependency) ||
        (ctx.getModuleInfo(dependency)?.code?.length ?? Infinity) <= SMALL_MODULE,
    );
  const boot = path.join(SRC, 'boot.tsx');
  const home = path.join(SRC, 'routes/home.tsx');
  // The home and browse pages stay their own chunks (manifest keys bench/web.ts reads), and what the entry imports
  // stays in the entry: nothing of the app may load before the first paint (src/main.tsx). Virtual modules (Vite's
  // preload helper, which the entry uses too) keep Rolldown's placement. boot.tsx, the entry's one dynamic import,
  // is the app's first module: it is `app`'s entry rather than a 1 KiB file of its own.
  if (id.startsWith('\0') || id === home || id === BROWSE) return null;
  if (closure(path.join(SRC, 'main.tsx'), closures).has(id)) return null;
  if (closure(boot, closures).has(id)) return 'app';
  // What the home page shares with other pages, when small (icons, little helpers, the search bar), and likewise
  // what `/browse` shares with them and the home has not (the card's badges, the favourite button, place helpers:
  // a dozen files under 1 KiB each). Other pages that need one of them fetch the whole chunk, so it holds no large
  // module (a few KiB in all). What only that page imports stays in its chunk.
  const info = ctx.getModuleInfo(id);
  const small = (info?.code?.length ?? Infinity) <= SMALL_MODULE;
  const sharedBy = (page: string) => {
    const pageSet = closure(page, closures);
    return small && pageSet.has(id) && reachedOtherwise(id, page, pageSet) && onlySmall(id);
  };
  if (sharedBy(home)) return 'home-shared';
  if (sharedBy(BROWSE)) return 'browse-shared';
  // Likewise the small modules of ours that the signed-in pages with an early skeleton (`/messages`, `/profile`)
  // share with other pages only a signed-in user opens: ~20 files of 0.3–1.5 KiB each (the swap cards' helpers and
  // reads, the profile's reads and stat cards) fetched before their first render become one (issue 25: on a
  // phone's connection each file is a request, six at a time). Only when no page or part a visitor loads reaches
  // the module, so a visitor's page never downloads more for it; libraries keep Rolldown's split (a page would
  // otherwise fetch part of one, socket.io's, before it needs it); a lazily loaded module stays its own entry.
  if (
    !id.includes(`${path.sep}node_modules${path.sep}`) &&
    (info?.dynamicImporters.length ?? 0) === 0 &&
    SIGNED_IN_PAGES.some(sharedBy) &&
    [...entriesReaching(id, ctx)].every((entry) => SIGNED_IN_ENTRIES.has(entry))
  ) {
    return 'signed-in-shared';
  }
  return null;
}

/** The lazily loaded modules (pages and their lazy parts) whose static imports reach `id`, at any depth. */
function entriesReaching(
  id: string,
  ctx: {
    getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
  },
): Set<string> {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    if ((info?.dynamicImporters.length ?? 0) > 0) entries.add(next);
    stack.push(...(info?.importers ?? []));
  }
  return entries;
}
const closures = new Map<string, Set<string>>();
const SRC = path.resolve(import.meta.dirname, 'src');
const SMALL_MODULE = 4096;
const BROWSE = path.join(SRC, 'routes/browse.tsx');
const SIGNED_IN_PAGES = [path.join(SRC, 'routes/messages.tsx'), path.join(SRC, 'routes/profile.tsx')];
/**
 * The lazily loaded pages and parts only a signed-in user loads (the routes behind sign-in or admin, the signed-in
 * header's and home's parts). One missing here only keeps a module in Rolldown's split; a visitor's page listed
 * here would make visitors download `signed-in-shared`.
 */
const SIGNED_IN_ENTRIES = new Set(
  [
    'routes/messages.tsx',
    'routes/messages-prefetch.ts',
    'routes/profile.tsx',
    'routes/profile-prefetch.ts',
    'routes/add-item.tsx',
    'routes/edit-item.tsx',
    'routes/item.tsx',
    'routes/review.tsx',
    'routes/welcome.tsx',
    'routes/home-signed-in-sections.tsx',
    'routes/admin.tsx',
    'routes/admin-users.tsx',
    'routes/admin-user.tsx',
    'routes/admin-reports.tsx',
    'routes/admin-audit-log.tsx',
    'features/alerts/components/alerts-card.tsx',
    'features/auth/components/account-menu.tsx',
    'features/auth/components/profile-language.tsx',
    'features/auth/components/edit-profile-form.tsx',
    'features/messages/components/messaging-live.tsx',
    'features/exchanges/components/request-cards.tsx',
    'features/exchanges/components/request-exchange-dialog.tsx',
  ].map((file) => path.join(SRC, file)),
);

/**
 * `vite build --ssr`: the server renderer (src/early/entry-server.tsx) for the gateway, written into dist/.ssr (a dot
 * folder: the gateway's static files never serve it, the service worker never precaches it). Every library is
 * bundled in: the gateway's image installs only the gateway's dependencies.
 */
const serverBuild = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // React's production build, whatever NODE_ENV the gateway runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/early/entry-server.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: '[name].js' } },
  },
});

/**
 * A runtime cache of the viewer's API answers: network first (a change the app just made shows at once), the
 * cached answer when the network is down or slower than 5 s. features/pwa deletes it when the viewer changes.
 */
function viewerAnswers(cacheName: string) {
  return {
    handler: 'NetworkFirst' as const,
    options: {
      cacheName,
      networkTimeoutSeconds: 5,
      expiration: { maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
      cacheableResponse: { statuses: [200] },
    },
  };
}

const clientBuild = defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    earlyPaint(),
    VitePWA({
      // A new deploy waits until the traveller presses "Reload" on the update prompt (the app registers the worker
      // itself, without workbox-window: src/features/pwa/hooks/use-waiting-service-worker.ts).
      registerType: 'prompt',
      injectRegister: false,
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
        // Taken from the running app by e2e/tests/pwa.spec.ts (`PWA_SCREENSHOTS=1`).
        screenshots: [
          {
            src: '/screenshots/browse-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Browse items travellers leave behind',
          },
          {
            src: '/screenshots/browse-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Browse items travellers leave behind',
          },
        ],
        shortcuts: [
          { name: 'Browse', url: '/browse', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'List Item', url: '/add-item', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Messages', url: '/messages', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      workbox: {
        // Web push (issue 23): the `push` and `notificationclick` handlers, kept in public/push-sw.js.
        importScripts: ['/push-sw.js'],
        // The built shell (HTML, hashed JS/CSS of every route, icons, offline page). The social preview image
        // and the manifest screenshots are only fetched by crawlers and install dialogs: not precached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['og-image.png', 'screenshots/**'],
        // Navigations go to the network so a deploy is visible at once; only when the network is down does
        // the precached shell answer, and the app then shows what the runtime caches below hold.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api|socket\.io)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
          {
            // Photos never change under an id (a new photo gets a new id): cache first.
            urlPattern: ({ request, url }) =>
              request.method === 'GET' && url.pathname.startsWith('/api/images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'nomadswap-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Browse results and item details. Network first (a change the app just made must show at once:
            // mutations invalidate and refetch these), the cached answer when the network is down or slower
            // than 5 s. These answers depend on the viewer (favourites), so features/pwa deletes this cache
            // whenever the signed-in user changes.
            urlPattern: ({ request, url }) =>
              request.method === 'GET' && /^\/api\/items(\/[^/]+)?$/.test(url.pathname),
            ...viewerAnswers('nomadswap-browse'),
          },
          {
            // The conversations and the messages read online, so /messages reads them offline (the outbox holds
            // what is typed meanwhile). Network first: live messages and reads change them all the time. Private
            // to the viewer: deleted with the browse cache when the signed-in user changes.
            urlPattern: ({ request, url }) =>
              request.method === 'GET' && /^\/api\/(conversations|messages|blocks)$/.test(url.pathname),
            ...viewerAnswers('nomadswap-messages'),
          },
          {
            // Who is signed in, so that offline the app still knows the viewer (and shows what they saw).
            // Deleted with the browse cache when the signed-in user changes. Every other `/api` GET
            // (profiles, swaps, admin) and `/socket.io` passes through the worker and is never cached.
            urlPattern: ({ request, url }) => request.method === 'GET' && url.pathname === '/api/auth/me',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'nomadswap-session',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 1, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
    // Brotli and gzip twins of every text file; the gateway serves the best one the client accepts. The
    // precache's globPatterns above do not match `.br`/`.gz`, so the service worker never caches a twin.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: COMPRESSIBLE }),
    compressServiceWorker(),
    prerenderHome(),
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
    // Every browser that runs the app supports modulepreload.
    modulePreload: { polyfill: false },
    // build/.vite/manifest.json: bench/web.ts reads from it which chunks the first render of `/` needs.
    manifest: true,
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework changes far less often than the app: its own hashed chunk stays cached across
              // deploys. Only libraries every page needs belong here, or lazy pages would lose their split.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
              priority: 2,
            },
            {
              // Everything the app's first render statically needs, in two chunks instead of ~30 (see
              // firstRenderChunk): each file is a modulepreload link, a fetch and a module to compile.
              name: firstRenderChunk,
              priority: 1,
              // Not the captured modules' own dependencies: Vite's preload helper, which the entry imports too,
              // would be pulled into `app` and the entry would then load the whole app before the first paint.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : clientBuild));
