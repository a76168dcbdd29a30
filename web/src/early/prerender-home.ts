/**
 * Build step (web/vite.config.ts): prerenders the visitor home of `/` into the built index.html, so that on a
 * slow phone the header and hero paint as soon as the HTML and CSS arrive instead of after the app's
 * JavaScript has downloaded and run (issue 13's LCP budget;
 * docs/decisions/0043-the-visitor-home-is-prerendered-into-index-html-start-up.md).
 *
 * The page is the real app, not a copy: the built dist is served on a private port and Debian's chromium (through
 * playwright-core, the e2e suite's browser driver) renders `/` as a visitor with every `/api` request left
 * unanswered, which is exactly what the app renders first in a browser (data still loading: skeletons). The markup
 * of #root is then written into index.html inside a PRERENDERED_HOME_ATTRIBUTE wrapper, and its Brotli and gzip twins
 * are made again. At run time early/prerender-gate.js hides it for other routes and signed-in users before the
 * first paint, and main.tsx replaces it with the same page (src/early/prerendered-home.ts).
 *
 * Without chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) or playwright-core the build goes on with the plain
 * index.html and says so: the app works the same, only its first paint waits for the JavaScript.
 */
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
// By path: see vite-plugin.ts.
import { PRERENDERED_HOME_ATTRIBUTE, ROOT_ID } from '../../../shared/contracts/src/early-paint';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT_ELEMENT = `<div id="${ROOT_ID}"></div>`;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** `index.html` with the prerendered markup of #root wrapped for the gate (exported for its test). */
export function injectPrerenderedHome(html: string, markup: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  if (!markup.includes('id="hero-title"')) throw new Error('the prerendered page has no home hero');
  return html.replace(
    ROOT_ELEMENT,
    () => `<div id="${ROOT_ID}"><div ${PRERENDERED_HOME_ATTRIBUTE}="">${markup}</div></div>`,
  );
}

/** Serves the built app like the gateway does (files, else index.html); `/api` and `/socket.io` never answer. */
async function serveDist(dist: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (/^\/(api|socket\.io)(\/|$)/.test(pathname)) return; // left pending: the app shows what it shows while loading
    const file = path.join(dist, path.normalize(pathname));
    const target = path.extname(pathname) ? file : path.join(dist, 'index.html');
    if (!target.startsWith(dist)) return void res.writeHead(404).end();
    fs.readFile(target).then(
      (body) => {
        res.writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream',
        });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The markup of #root after the app rendered `/` as a visitor, in a phone-sized window. */
async function renderHome(url: string): Promise<string> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    // Whether the browser offers the install is the visitor's browser's business: no install banner in the HTML.
    await page.addInitScript(() =>
      window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), true),
    );
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('#hero-title').waitFor();
    await page.locator('footer').waitFor();
    // The chunks loaded just after the first render (toasts, the city menu) settle.
    await page.waitForTimeout(1000);
    return await page.locator(`#${ROOT_ID}`).evaluate((root) => root.innerHTML);
  } finally {
    await browser.close();
  }
}

export function prerenderHome(): Plugin {
  let dist = '';
  return {
    name: 'nomadswap:prerender-home',
    apply: 'build',
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
    },
    // Before vite-plugin-pwa's closeBundle writes the service worker: its precache revision of index.html must
    // be that of the prerendered file.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!existsSync(CHROMIUM)) {
          this.warn(
            `no chromium at ${CHROMIUM}: index.html is not prerendered (first paint waits for the JS)`,
          );
          return;
        }
        const file = path.join(dist, 'index.html');
        const html = await fs.readFile(file, 'utf8');
        const server = await serveDist(dist);
        let markup: string;
        try {
          markup = await renderHome(server.url);
        } catch (error) {
          this.warn(`index.html is not prerendered: ${(error as Error).message}`);
          return;
        } finally {
          await server.close();
        }
        const prerendered = injectPrerenderedHome(html, markup);
        await fs.writeFile(file, prerendered);
        const source = Buffer.from(prerendered);
        await fs.writeFile(
          `${file}.br`,
          await brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await fs.writeFile(`${file}.gz`, await gzip(source, { level: 9 }));
        console.log(
          `prerendered the visitor home into index.html (${(markup.length / 1024).toFixed(1)} KiB of markup)`,
        );
      },
    },
  };
}
