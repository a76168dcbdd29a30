import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  DEFERRED_MODULEPRELOAD_ATTRIBUTE,
  ITEM_PAGE_CHUNK,
  ITEM_PAGE_PATH,
  MESSAGES_PAGE_CHUNKS,
  MESSAGES_PAGE_PATH,
  PROFILE_PAGE_CHUNKS,
  PROFILE_PAGE_PATH,
  PRERENDERED_PAGE_ATTRIBUTE,
  PRERENDERED_PAGE_HYDRATE,
  PRERENDERED_PATH_ATTRIBUTE,
  PRERENDER_GATE_PATH,
  QUERY_STATE_ID,
  ROOT_ID,
} from '@nomadswap/contracts/early-paint';
import {
  PRERENDERED_SESSION_ATTRIBUTE,
  RENDER_SESSION_COOKIE,
  RENDER_ZONE_COOKIE,
  PRERENDERED_ZONE_ATTRIBUTE,
  SESSION_GATE_PATH,
} from '@nomadswap/contracts/render-session';
import { findRoute, type ServiceName } from '@nomadswap/contracts/routes';

/*
 * Server-rendered visitor pages (web/src/early/entry-server.tsx, built into the web build's `.ssr` folder): for the paths
 * the renderer takes (`/browse`), the gateway asks the items service as a visitor — no credentials of the caller
 * are passed on — and answers with index.html whose #root holds the page with its data. Whenever that cannot be
 * done quickly (no renderer in the build, items slow, down or answering an error) the request falls through to
 * the plain shell: a page never fails because of this. The API path does not pass here (app.ts).
 *
 * A signed-in user's `/profile` (issue 25) is rendered too when its request carries the session cookie the web
 * app writes with the stored token (RENDER_SESSION_COOKIE, sent only with these pages' documents): the renderer's
 * reads go to each path's service with that token as the Authorization header, as the app's own would. Such a page
 * is never cached, here or by anyone (`private, no-store`); it takes the same per-client render budget, and any
 * failure (a refused token, a slow service) falls through to the page's usual document. The cookie authorises
 * nothing else: the services read the token from the Authorization header only.
 */

/** The renderer's interface (web/src/early/entry-server.tsx); kept here so the gateway does not import web code. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
}
export interface RenderedPage {
  html: string;
  state: string;
  title: string;
  /** None for a signed-in page: index.html's stays. */
  description?: string;
  /** The time zone a signed-in page's dates are in (the browser's, from the zone cookie). */
  timeZone?: string;
  /** The app hydrates this markup instead of replacing it. */
  hydrate?: boolean;
}
interface Renderer {
  warmUp?(): Promise<unknown>;
  isServerRendered(pathname: string): boolean;
  /** The URL that renders the same page as `url` with only what changes the page (older builds: none). */
  pageKey?(url: string): string;
  renderPage(url: string, api: (apiPath: string) => Promise<ApiAnswer>): Promise<RenderedPage | null>;
  /** Signed-in pages (older builds: none). */
  isSignedInRendered?(pathname: string): boolean;
  renderSignedInPage?(
    url: string,
    api: (apiPath: string) => Promise<ApiAnswer>,
    context?: { timeZone?: string },
  ): Promise<RenderedPage | null>;
}

export interface ServerRenderOptions {
  distDir: string;
  /** Every service's replicas (a visitor's page asks items only). */
  upstreams: Readonly<Record<ServiceName, readonly string[]>>;
  /** How long the items call may take before the shell is served instead. */
  timeoutMs: number;
  /** How long a rendered page is reused for the same URL. */
  cacheMs: number;
  /** Pages one client address may have rendered per minute; past it, it gets the plain shell. */
  rendersPerMinute: number;
  /** The client's address (the gateway's own reading of it). */
  clientOf: (req: Request) => string;
  logger: Logger;
}

/** The markup the build put into #root (the prerendered home) is replaced; this is where it starts and ends. */
const ROOT_OPEN = `<div id="${ROOT_ID}">`;
const AFTER_ROOT = /<\/div>\s*(?=<noscript>)/;
/** At most this many URLs are kept (a crawler walking search queries must not grow the cache without bound). */
const CACHE_ENTRIES = 200;

/** index.html split around #root's content, or null when its shape is not the one the web build writes. */
export function splitTemplate(indexHtml: string): { head: string; tail: string } | null {
  const start = indexHtml.indexOf(ROOT_OPEN);
  if (start === -1) return null;
  const afterOpen = start + ROOT_OPEN.length;
  const end = AFTER_ROOT.exec(indexHtml.slice(afterOpen));
  if (!end) return null;
  return { head: indexHtml.slice(0, afterOpen), tail: indexHtml.slice(afterOpen + end.index) };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script type="application/json">: nothing in it may close the element or start a comment. */
export const escapeJsonForScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The whole document for a rendered page. */
export function pageDocument(
  template: { head: string; tail: string },
  pathname: string,
  page: RenderedPage,
  { signedIn = false } = {},
) {
  // The gate (web/src/early/prerender-gate.js) shows the markup only on this path and only to a visitor. A
  // signed-in page names its path in another attribute: the gate hides it, and session-gate.js (right after the
  // gate) shows it to the session the cookie carried.
  // One rendered in the browser's time zone names it too: session-gate.js shows it only in that zone.
  const marks =
    `${signedIn ? PRERENDERED_SESSION_ATTRIBUTE : PRERENDERED_PATH_ATTRIBUTE}="${escapeHtml(pathname)}"` +
    (signedIn && page.timeZone ? ` ${PRERENDERED_ZONE_ATTRIBUTE}="${escapeHtml(page.timeZone)}"` : '');
  const gate = `<script src="${PRERENDER_GATE_PATH}"></script>`;
  const head = template.head
    .replace('<html lang="en">', `<html lang="en" ${marks}>`)
    .replace(gate, signedIn ? `${gate}<script src="${SESSION_GATE_PATH}"></script>` : gate)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (match, open: string, close: string) =>
      page.description === undefined ? match : `${open}${escapeHtml(page.description)}${close}`,
    );
  return (
    `${head}<div ${PRERENDERED_PAGE_ATTRIBUTE}${page.hydrate ? `="${PRERENDERED_PAGE_HYDRATE}"` : ''}>` +
    `${page.html}</div>` +
    `<script type="application/json" id="${QUERY_STATE_ID}">${escapeJsonForScript(page.state)}</script>` +
    template.tail
  );
}

type Encoding = 'br' | 'gzip' | 'identity';
function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

interface CachedPage {
  expires: number;
  /** Null: the page could not be rendered (served as the shell); remembered as briefly as a page. */
  body: Promise<Record<Encoding, Buffer> | null>;
}

/** `identity` in `encoding`, with fast settings: a page is compressed while the user waits. */
function compress(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  return encoding === 'gzip' ? zlib.gzipSync(identity, { level: 6 }) : identity;
}

/** Every encoding of a page kept for others (compressed once per cache period). */
function compressAll(html: string): Record<Encoding, Buffer> {
  const identity = Buffer.from(html);
  return { identity, br: compress(identity, 'br'), gzip: compress(identity, 'gzip') };
}

/**
 * The files of a route's chunk and everything it imports, from the build's Vite manifest (`.vite/manifest.json`),
 * as URL paths; empty when the build has no manifest or no such route.
 */
export function chunkFiles(
  manifest: Record<string, { file: string; imports?: string[] }>,
  key: string,
): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

/**
 * `/item/:id` is not rendered here: it is for approved users (spec section 6), and only `/profile` is rendered with
 * the session cookie (see the file's comment). index.html paints a static skeleton of the page for a signed-in user
 * and the small entry puts the item's photo, the LCP element, into it before starting the app
 * (web/src/early/early-shell.ts). Its document is the shell
 * with the item page's chunk and its imports listed as inert `<link data-modulepreload>` elements: the entry turns
 * them into modulepreload links when it starts the app, so they download with the app instead of after its first
 * render, but not before the photo (the same connection). An import in the entry would reshuffle the build's chunks
 * and grow the first render of `/`. The same document for every item, built once. So for `/messages` and `/profile`
 * (issue 25), whose early skeleton waits for their chunks and reads: their chunks download with the app's.
 */
export function routePreloadDocument(
  template: { head: string; tail: string },
  files: readonly string[],
): string {
  return withPreloadLinks(`${template.head}${template.tail}`, files);
}

/** `html` with `files` listed in its head as inert preload links (see routePreloadDocument). */
function withPreloadLinks(html: string, files: readonly string[]): string {
  const links = files
    .map((file) => `<link ${DEFERRED_MODULEPRELOAD_ATTRIBUTE} crossorigin href="${escapeHtml(file)}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The value of the cookie `name` in `cookieHeader`, decoded, or null (none, or not decodable). */
function cookieOf(cookieHeader: string | undefined, name: string): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** The session token the web app copied into the render cookie, or null (none, empty or malformed). */
export function renderSessionOf(cookieHeader: string | undefined): string | null {
  const token = cookieOf(cookieHeader, RENDER_SESSION_COOKIE);
  // A token is one header value's worth of visible characters; anything else is not one.
  return token !== null && /^[\x21-\x7e]{1,4096}$/.test(token) ? token : null;
}

/**
 * The browser's time zone from the zone cookie, or undefined when there is none or it is not a zone this process
 * knows by that name (the renderer would otherwise format the page's dates in UTC without a word).
 */
export function renderZoneOf(cookieHeader: string | undefined): string | undefined {
  const zone = cookieOf(cookieHeader, RENDER_ZONE_COOKIE);
  // An IANA name's characters only (the cookie header's own limit bounds its length).
  if (zone === null || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return undefined;
  try {
    // Kept as the browser named it (an alias too, `Asia/Calcutta`): the gate compares the browser's own name.
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The signed-in pages whose document lists their chunks for preloading (see routePreloadDocument). */
const PRELOADED_PAGES: { path: RegExp; chunks: readonly string[] }[] = [
  { path: ITEM_PAGE_PATH, chunks: [ITEM_PAGE_CHUNK] },
  { path: MESSAGES_PAGE_PATH, chunks: MESSAGES_PAGE_CHUNKS },
  { path: PROFILE_PAGE_PATH, chunks: PROFILE_PAGE_CHUNKS },
];

/** The renderer's cache key for `url`; the URL itself when the build has no pageKey or it refuses the URL. */
function pageKeyOf(renderer: Renderer, url: string): string {
  try {
    return renderer.pageKey?.(url) ?? url;
  } catch {
    return url;
  }
}

/** Loads the renderer of the build, or null when the build has none (or it does not load). */
async function loadRenderer(distDir: string, logger: Logger): Promise<Renderer | null> {
  const file = path.join(distDir, '.ssr', 'entry-server.js');
  if (!fs.existsSync(file)) {
    logger.info({ file }, 'no server renderer in the web build: pages are served as the plain shell');
    return null;
  }
  try {
    const renderer = (await import(pathToFileURL(file).href)) as Renderer;
    await renderer.warmUp?.();
    return renderer;
  } catch (error) {
    logger.error(
      { err: error, file },
      'the server renderer did not load: pages are served as the plain shell',
    );
    return null;
  }
}

/**
 * The handler for server-rendered pages; it passes every other request (and every failure) on to the next one,
 * the SPA fallback. The renderer is loaded (and its page modules warmed up) when the gateway starts.
 */
export function serverRenderedPages(options: ServerRenderOptions): RequestHandler {
  const { distDir, upstreams, timeoutMs, cacheMs, logger } = options;
  // A render costs the gateway CPU that every client's calls share (200 unique URLs from one client slowed others'
  // /api/config from ~1 ms to 82 ms): each client may cause only so many; cached pages cost nothing.
  const renderBudget = new RateLimiterMemory({
    keyPrefix: 'gateway-ssr',
    points: options.rendersPerMinute,
    duration: 60,
  });
  let template: { head: string; tail: string } | null | undefined;
  const templateOf = () => {
    if (template !== undefined) return template;
    try {
      template = splitTemplate(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
    } catch {
      template = null;
    }
    if (!template)
      logger.warn({ distDir }, 'index.html has no #root to render into: pages are served as the shell');
    return template;
  };
  const renderer = loadRenderer(distDir, logger);
  const cache = new Map<string, CachedPage>();
  // Each preloaded page's document, built once (null: the plain shell).
  const preloadDocuments = new Map<RegExp, Record<Encoding, Buffer> | null>();
  // Each preloaded page's chunk files, read once from the build's manifest (none: no manifest in this build).
  const pageFiles = new Map<RegExp, string[]>();
  const filesOf = (page: (typeof PRELOADED_PAGES)[number]) => {
    let files = pageFiles.get(page.path);
    if (files) return files;
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, { file: string; imports?: string[] }>;
      files = [...new Set(page.chunks.flatMap((chunk) => chunkFiles(manifest, chunk)))];
    } catch {
      files = [];
    }
    pageFiles.set(page.path, files);
    return files;
  };
  const preloadDocumentOf = (page: (typeof PRELOADED_PAGES)[number]) => {
    const built = preloadDocuments.get(page.path);
    if (built !== undefined) return built;
    const shell = templateOf();
    const files = filesOf(page);
    // No manifest in this build: the page gets the plain shell.
    preloadDocuments.set(
      page.path,
      shell && files.length > 0 ? compressAll(routePreloadDocument(shell, files)) : null,
    );
    return preloadDocuments.get(page.path) ?? null;
  };
  let next = 0;
  const pick = (service: ServiceName) => {
    const replicas = upstreams[service];
    return replicas[next++ % replicas.length]!;
  };

  /** A GET of `apiPath` at `service` with `headers`, as the renderer's API answer; rejects on a failure or time-out. */
  const apiGet = async (
    service: ServiceName,
    apiPath: string,
    headers: Record<string, string>,
  ): Promise<ApiAnswer> => {
    const response = await fetch(new URL(apiPath, pick(service)), {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const body: unknown = response.ok ? await response.json() : null;
    return { status: response.status, body, headers: Object.fromEntries(response.headers) };
  };

  // No header of the caller's: the page is the visitor view whoever asks (a token lives in localStorage anyway).
  const visitorApi = (apiPath: string) => apiGet('items', apiPath, {});

  /** A GET of the API as the user whose token `token` is, at the path's service (the gateway's route table). */
  const sessionApi = (token: string, clientAddress: string) => (apiPath: string) => {
    const route = findRoute(apiPath.split('?', 1)[0]!);
    if (!route) return Promise.reject(new Error(`no service serves ${apiPath}`));
    return apiGet(route.service, apiPath, {
      authorization: `Bearer ${token}`,
      // As the API proxy forwards it: the services' per-client limits see the user's address, not ours.
      'x-forwarded-for': clientAddress,
    });
  };

  /** The signed-in page as `token` sees it, with its chunks listed for preloading; null when it cannot be. */
  async function renderSignedIn(req: Request, token: string, files: readonly string[]) {
    const loaded = await renderer;
    const shell = templateOf();
    if (!loaded?.renderSignedInPage || !loaded.isSignedInRendered?.(req.path) || !shell) return null;
    const allowed = await renderBudget.consume(options.clientOf(req)).then(
      () => true,
      () => false,
    );
    if (!allowed) return null;
    try {
      const page = await loaded.renderSignedInPage(req.url, sessionApi(token, options.clientOf(req)), {
        timeZone: renderZoneOf(req.headers.cookie),
      });
      return page ? withPreloadLinks(pageDocument(shell, req.path, page, { signedIn: true }), files) : null;
    } catch (error) {
      logger.warn(
        { err: error, path: req.path },
        'signed-in page not server-rendered: its document is served',
      );
      return null;
    }
  }

  async function render(loaded: Renderer, url: string, pathname: string) {
    const shell = templateOf();
    if (!shell) return null;
    try {
      const page = await loaded.renderPage(url, visitorApi);
      return page ? compressAll(pageDocument(shell, pathname, page)) : null;
    } catch (error) {
      logger.warn({ err: error, url }, 'page not server-rendered: the shell is served instead');
      return null;
    }
  }

  /**
   * A document in the encoding the client accepts: from `bodies` (built for everyone), or `html` compressed for this
   * response only — a signed-in page, which no cache may keep (it is one user's).
   */
  const send = (req: Request, res: Response, bodies: Record<Encoding, Buffer> | { html: string }) => {
    const encoding = encodingFor(req.headers['accept-encoding']);
    const personal = 'html' in bodies;
    const body = personal ? compress(Buffer.from(bodies.html), encoding) : bodies[encoding];
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', personal ? 'private, no-store' : 'no-cache');
    res.setHeader('Vary', personal ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  };

  return async (req, res, nextHandler) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return nextHandler();
    // A signed-in page's document preloads the page's chunks (see routePreloadDocument).
    const preloaded = PRELOADED_PAGES.find((page) => page.path.test(req.path));
    if (preloaded) {
      // With the session cookie, the page itself when the renderer takes it (see the file's comment).
      const token = renderSessionOf(req.headers.cookie);
      const signedIn = token ? await renderSignedIn(req, token, filesOf(preloaded)) : null;
      if (signedIn) return send(req, res, { html: signedIn });
      const document = preloadDocumentOf(preloaded);
      return document ? send(req, res, document) : nextHandler();
    }
    const loaded = await renderer;
    if (!loaded || !loaded.isServerRendered(req.path)) return nextHandler();

    // Only what changes the page keys it: `?utm=…` or a reordered query is the same page, rendered once.
    const url = pageKeyOf(loaded, req.url);
    let cached = cache.get(url);
    if (!cached || cached.expires <= Date.now()) {
      const allowed = await renderBudget.consume(options.clientOf(req)).then(
        () => true,
        () => false,
      );
      if (!allowed) return nextHandler();
      const now = Date.now();
      // Another request may have started the same render meanwhile.
      cached = cache.get(url);
      if (!cached || cached.expires <= now) {
        if (cache.size >= CACHE_ENTRIES) {
          for (const [key, entry] of cache)
            if (entry.expires <= now || cache.size >= CACHE_ENTRIES) cache.delete(key);
        }
        cached = { expires: now + cacheMs, body: render(loaded, url, req.path) };
        cache.set(url, cached);
      }
    }
    const bodies = await cached.body;
    if (!bodies) return nextHandler();
    send(req, res, bodies);
  };
}
