import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino, type Logger } from 'pino';
import { ItemSchema } from '@nomadswap/contracts/responses';
import { buildGateway, deadUrl, makeWebDist, startAllUpstreams } from './helpers';
import { chunkFiles, escapeJsonForScript, renderSessionOf, renderZoneOf, splitTemplate } from '../src/ssr';

/*
 * The server-rendered `/browse` (src/ssr.ts) with the web app's real renderer: web/src/early/entry-server.tsx is built
 * once for this file into a temporary folder (`vite build --ssr`), so the test runs the code of this tree, never
 * a stale build.
 */
const web = path.resolve(import.meta.dirname, '../../web');
const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-ssr-'));

/** index.html as the web build writes it: the prerendered home in #root, the gate in the head. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>NomadSwap · Swap items when you move between cities</title>
    <meta
      name="description"
      content="NomadSwap is a free marketplace."
    />
    <script src="/prerender-gate.js"></script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"><div data-prerendered-home=""><h1 id="hero-title">Welcome home</h1></div></div>
    <noscript>NomadSwap needs JavaScript to run.</noscript>
  </body>
</html>`;

/** A web build with the renderer in `.ssr` (or without it: `renderer: false`). */
function webDist({ renderer = true } = {}) {
  const dir = makeWebDist();
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  for (const twin of ['index.html.br', 'index.html.gz']) fs.rmSync(path.join(dir, twin));
  if (renderer) fs.cpSync(rendererDir, path.join(dir, '.ssr'), { recursive: true });
  return dir;
}

const card = (n: number, title = `Camping stove ${n}`) => ({
  id: `item${n}`,
  title,
  description: 'Two burners, works fine.',
  category: 'Travel Gear',
  condition: 'good',
  location: 'Lisbon',
  placeId: null,
  cover: `/api/images/photo${n}/thumb`,
  isReserved: false,
  availableUntil: null,
  user: { fullName: 'Ana Ribeiro', avatar: '/api/images/avatar1/thumb', rating: 4, reviewCount: 2 },
});

/** What an approved user gets for the same item: it must never reach a server-rendered page. */
const fullItem = (n: number) => ({
  ...card(n),
  userId: 'owner-secret-id',
  preferredExchange: 'secret preferred exchange',
  createdAt: '2026-11-01T00:00:00.000Z',
  user: { ...card(n).user, username: 'ana.secret', email: 'ana@secret.example' },
});

interface ItemsStandIn {
  url: string;
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * The items service as the renderer sees it: cards for a visitor, full items for a caller with a token (as the
 * real service), or whatever `answer` says.
 */
async function startItems(
  answer: (req: http.IncomingMessage) => { status: number; body: unknown; delayMs?: number } = (req) =>
    req.headers.authorization
      ? { status: 200, body: [fullItem(1), fullItem(2)] }
      : { status: 200, body: [card(1), card(2)] },
): Promise<ItemsStandIn> {
  const requests: ItemsStandIn['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const { status, body, delayMs = 0 } = answer(req);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json', 'x-next-cursor': 'cursor-2' });
      res.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The JSON data block of a rendered page, parsed. */
function queryState(html: string) {
  const match = /<script type="application\/json" id="ns-query-state">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no query state in the page');
  return JSON.parse(match[1]!) as {
    queries: {
      queryKey: unknown[];
      state: { data: { pages: { items: unknown[]; nextCursor: string }[] } };
    }[];
  };
}

beforeAll(() => {
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/early/entry-server.tsx', '--outDir', rendererDir], {
    cwd: web,
    stdio: 'pipe',
    // As `npm run build` builds it (vitest sets NODE_ENV=test, which would select React's development JSX).
    env: { ...process.env, NODE_ENV: 'production' },
  });
}, 180_000);

describe('server-rendered /browse', () => {
  let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
  const open: { redis: { disconnect(): void } }[] = [];
  const standIns: ItemsStandIn[] = [];

  async function gatewayWith(
    items: ItemsStandIn | string,
    env: Record<string, string> = {},
    dist = webDist(),
  ) {
    const gateway = await buildGateway(
      { ...stack.urls, items: typeof items === 'string' ? items : items.url },
      { WEB_DIST: dist, ...env },
    );
    open.push(gateway);
    return gateway;
  }
  async function items(...args: Parameters<typeof startItems>) {
    const standIn = await startItems(...args);
    standIns.push(standIn);
    return standIn;
  }

  beforeAll(async () => {
    stack = await startAllUpstreams();
  });
  afterAll(async () => {
    await stack.close();
    await Promise.all(standIns.map((s) => s.close()));
    for (const gateway of open) gateway.redis.disconnect();
  });

  it("answers a visitor's /browse with the page: titles, photos, the first one fetched first, and its data", async () => {
    const gateway = await gatewayWith(await items());
    const response = await request(gateway.app).get('/browse').set('accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.text;
    expect(html).toContain('<html lang="en" data-prerendered-path="/browse">');
    expect(html).not.toContain('session-gate');
    expect(html).toContain('<title>Browse Items · NomadSwap</title>');
    // Without the browser's zone its dates may read otherwise in the app: replaced, not hydrated (decision 0100).
    expect(html).toContain('<div data-prerendered-page>');
    expect(html).not.toContain('Welcome home');
    expect(html).toContain('Camping stove 1');
    expect(html).toContain('Camping stove 2');
    expect(html).toMatch(/<img src="\/api\/images\/photo1\/thumb"[^>]*fetchpriority="high"/i);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/api\/images\/photo1\/thumb"/);
    expect(html).toMatch(/<img src="\/api\/images\/photo2\/thumb"[^>]*loading="lazy"/);
    // No script the CSP would refuse: the only new script element is the (not executed) JSON data block.
    expect(html.match(/<script/g)).toHaveLength(3);
    const [query] = queryState(html).queries;
    expect(query!.queryKey).toEqual(['items', 'browse', { q: '', category: '', location: '' }]);
    expect(query!.state.data.pages[0]!.items).toEqual([card(1), card(2)]);
    expect(query!.state.data.pages[0]!.nextCursor).toBe('cursor-2');
  });

  it("asks items as a visitor whoever calls, with the URL's search and category but never a location", async () => {
    const standIn = await items();
    const gateway = await gatewayWith(standIn);
    const response = await request(gateway.app)
      .get('/browse?q=stove&category=Travel+Gear&location=Porto')
      .set('authorization', 'Bearer a-real-token')
      .set('cookie', 'session=abc');
    expect(response.status).toBe(200);
    expect(standIn.requests.map((r) => r.url)).toEqual(['/api/items?q=stove&category=Travel+Gear']);
    const { headers } = standIn.requests[0]!;
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(response.text).not.toMatch(/secret|owner-secret-id|userId|preferredExchange|email/);
    expect(queryState(response.text).queries[0]!.queryKey).toEqual([
      'items',
      'browse',
      { q: 'stove', category: 'Travel Gear', location: '' },
    ]);
  });

  it('serves the shell when items answers more than the public card (no private field is ever rendered)', async () => {
    const gateway = await gatewayWith(await items(() => ({ status: 200, body: [fullItem(1)] })));
    const response = await request(gateway.app).get('/browse');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Welcome home');
    expect(response.text).not.toContain('data-prerendered-page');
    expect(response.text).not.toMatch(/secret|Camping stove/);
  });

  it('keeps the data block inert: a title cannot close the script element', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const gateway = await gatewayWith(await items(() => ({ status: 200, body: [card(1, evil)] })));
    const html = (await request(gateway.app).get('/browse')).text;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect((queryState(html).queries[0]!.state.data.pages[0]!.items[0] as { title: string }).title).toBe(
      evil,
    );
    expect(escapeJsonForScript('"</script>\u2028"')).toBe('"\\u003c/script\\u003e\\u2028"');
  });

  it('falls back to the shell when items is down, answers an error, or is slower than the time-out', async () => {
    // Far slower than the 250 ms time-out, so a generous bound below still tells a time-out from a wait.
    const slow = await items(() => ({ status: 200, body: [card(1)], delayMs: 15_000 }));
    const cases = [
      await gatewayWith(await deadUrl()),
      await gatewayWith(await items(() => ({ status: 500, body: { error: 'boom' } }))),
      await gatewayWith(await items(() => ({ status: 200, body: { not: 'a list' } }))),
      await gatewayWith(slow, { SSR_TIMEOUT_MS: '250' }),
    ];
    for (const gateway of cases) {
      // The renderer loads when the gateway starts; requests meanwhile wait for it.
      await request(gateway.app).get('/');
      const started = Date.now();
      const response = await request(gateway.app).get('/browse').set('accept-encoding', 'br');
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.text).toContain('<div id="root"><div data-prerendered-home="">');
      expect(response.text).not.toContain('data-prerendered-path');
    }
  });

  it('serves the shell when the build has no renderer', async () => {
    const standIn = await items();
    const gateway = await gatewayWith(standIn, {}, webDist({ renderer: false }));
    const response = await request(gateway.app).get('/browse');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Welcome home');
    expect(standIn.requests).toHaveLength(0);
  });

  it('leaves every other page to the shell, an unknown item too, without asking items', async () => {
    const standIn = await items();
    const gateway = await gatewayWith(standIn);
    for (const page of ['/', '/item/does-not-exist', '/item/item1', '/browse/more', '/no/such/page']) {
      const response = await request(gateway.app).get(page);
      expect(response.status, page).toBe(200);
      expect(response.text, page).toContain('Welcome home');
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it('reuses a rendered page for the same URL for a few seconds, and compresses it as the client accepts', async () => {
    const standIn = await items();
    const gateway = await gatewayWith(standIn, { SSR_CACHE_MS: '5000' });
    const plain = await request(gateway.app).get('/browse').set('accept-encoding', 'identity');
    const br = await request(gateway.app)
      .get('/browse')
      .set('accept-encoding', 'gzip, br')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(plain.text).toContain('data-prerendered-page');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    // superagent decodes the body; the length on the wire is the Brotli one.
    expect((br.body as Buffer).toString()).toBe(plain.text);
    expect(Number(br.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text) / 3);
    await request(gateway.app).get('/browse?q=tent');
    expect(standIn.requests.map((r) => r.url)).toEqual(['/api/items', '/api/items?q=tent']);
  });

  it('keys the cache only on what changes the page: extra, empty or reordered parameters reuse one render', async () => {
    const standIn = await items();
    const gateway = await gatewayWith(standIn, { SSR_CACHE_MS: '60000' });
    const spellings = [
      '/browse?q=tent&category=Travel+Gear',
      '/browse?category=Travel+Gear&q=tent',
      '/browse?q=tent&category=Travel+Gear&utm_source=x&location=Porto',
      '/browse?q=tent&category=Travel%20Gear&page=&zzz=1',
    ];
    for (const url of spellings) {
      const response = await request(gateway.app).get(url);
      expect(response.text, url).toContain('data-prerendered-page');
    }
    await request(gateway.app).get('/browse?utm_source=y&q=&category=');
    await request(gateway.app).get('/browse');
    expect(standIn.requests.map((r) => r.url)).toEqual([
      '/api/items?q=tent&category=Travel+Gear',
      '/api/items',
    ]);
  });

  it('renders at most SSR_RENDERS_PER_MINUTE pages per client, then the shell; cached pages and other clients are unaffected', async () => {
    const standIn = await items();
    const gateway = await gatewayWith(standIn, { SSR_RENDERS_PER_MINUTE: '3', SSR_CACHE_MS: '60000' });
    const server = http.createServer(gateway.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, localAddress = '127.0.0.1') =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    try {
      // Exactly the budget: three renders.
      for (const q of ['a', 'b', 'c'])
        expect(await get(`/browse?q=${q}`), q).toContain('data-prerendered-page');
      // One past it: the plain shell, and items is not asked.
      const over = await get('/browse?q=d');
      expect(over).not.toContain('data-prerendered-page');
      expect(over).toContain('Welcome home');
      expect(standIn.requests).toHaveLength(3);
      // A page already rendered costs nothing.
      expect(await get('/browse?q=a&utm=1')).toContain('data-prerendered-page');
      // Another client has its own budget (and gets the page the first one could not).
      expect(await get('/browse?q=d', '127.0.0.2')).toContain('data-prerendered-page');
      expect(standIn.requests).toHaveLength(4);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** The user /api/auth/me answers for `token` (as the auth service: the user's own view). */
const self = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `user${n}`,
  username: `traveller${n}`,
  fullName: `Traveller Number${n}`,
  bio: `Bio of traveller ${n}`,
  location: 'Lisbon',
  placeId: null,
  avatar: null,
  rating: 4,
  reviewCount: 1,
  completedSwaps: 1,
  arrangedSwaps: 1,
  isVerified: false,
  isApproved: true,
  role: 'user',
  createdAt: '2026-11-01T00:00:00.000Z',
  stay: null,
  email: `traveller${n}@example.com`,
  approvedAt: '2026-11-02T00:00:00.000Z',
  approvedBy: 'admin1',
  noShows: 0,
  inTransit: false,
  language: null,
  ...extra,
});
/** One of the user's own items, whole as items answers it (checked against the contract: the page reads every field). */
const ownItem = (n: number, userId: string) => {
  const { cover: _cover, user, ...item } = fullItem(n);
  return ItemSchema.parse({
    ...item,
    title: `Own item ${n} of ${userId}`,
    userId,
    images: [],
    photos: [],
    isActive: true,
    isSwapped: false,
    reservedFor: null,
    expiredAt: null,
    user: {
      id: userId,
      fullName: user.fullName,
      username: user.username,
      avatar: user.avatar,
      rating: 4,
      reviewCount: 2,
    },
  });
};

describe("a signed-in user's /profile, rendered with the session cookie", () => {
  const TOKENS: Record<string, number> = { 'token-one': 1, 'token-two': 2 };
  const open: { redis: { disconnect(): void } }[] = [];
  const standIns: ItemsStandIn[] = [];
  /** Each service's stand-in: auth knows the two tokens, items and moderation answer the user's lists. */
  async function services(
    options: { meDelayMs?: number; meStatus?: number; language?: string; me?: Record<string, unknown> } = {},
  ) {
    const userOf = (req: http.IncomingMessage) =>
      TOKENS[(req.headers.authorization ?? '').replace('Bearer ', '')];
    const auth = await startItems((req) => {
      const n = userOf(req);
      if (!n || options.meStatus) return { status: options.meStatus ?? 401, body: { error: 'no' } };
      return {
        status: 200,
        body: self(n, { ...(options.language ? { language: options.language } : {}), ...options.me }),
        delayMs: options.meDelayMs,
      };
    });
    const items = await startItems((req) => {
      const n = userOf(req);
      if (!n) return { status: 401, body: {} };
      return { status: 200, body: req.url?.startsWith('/api/favorites') ? [] : [ownItem(7, `user${n}`)] };
    });
    const moderation = await startItems((req) => ({ status: userOf(req) ? 200 : 401, body: [] }));
    standIns.push(auth, items, moderation);
    return { auth, items, moderation };
  }
  async function gatewayFor(
    upstreams: Awaited<ReturnType<typeof services>>,
    env: Record<string, string> = {},
    dist = webDist(),
    logger?: Logger,
  ) {
    const gateway = await buildGateway(
      {
        auth: upstreams.auth.url,
        items: upstreams.items.url,
        messaging: await deadUrl(),
        moderation: upstreams.moderation.url,
      },
      { WEB_DIST: dist, ...env },
      { logger },
    );
    open.push(gateway);
    return gateway;
  }
  afterAll(async () => {
    await Promise.all(standIns.map((s) => s.close()));
    for (const gateway of open) gateway.redis.disconnect();
  });

  it("answers with the user's page, its data, the session mark and headers that keep it out of every cache", async () => {
    const upstreams = await services();
    const dist = webDist();
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/routes/profile.tsx': { file: 'assets/profile-4.js', imports: ['_tabs.js'] },
        'src/routes/profile-prefetch.ts': { file: 'assets/profile-prefetch-5.js' },
        '_tabs.js': { file: 'assets/tabs-6.js' },
      }),
    );
    const gateway = await gatewayFor(upstreams, {}, dist);
    const response = await request(gateway.app)
      .get('/profile?tab=reviews')
      .set('cookie', 'other=1; ns_render=token-one')
      .set('accept-encoding', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.headers['content-encoding']).toBe('br');
    const html = response.text;
    expect(html).toContain('<html lang="en" data-prerendered-session="/profile">');
    // The session gate right after the gate: it shows the page to the session it was rendered for.
    expect(html).toContain(
      '<script src="/prerender-gate.js"></script><script src="/session-gate.js"></script>',
    );
    expect(html).toContain('<title>My Profile · NomadSwap</title>');
    // index.html's description stays: the page has none of its own.
    expect(html).toContain('content="NomadSwap is a free marketplace."');
    expect(html).toContain('<div data-prerendered-page>');
    expect(html).not.toContain('Welcome home');
    expect(html).toContain('Traveller Number1');
    expect(html).toContain('Own item 7 of user1');
    // The chunks are listed for the app as on the page's usual document.
    for (const file of ['/assets/profile-4.js', '/assets/tabs-6.js', '/assets/profile-prefetch-5.js'])
      expect(html).toContain(`<link data-modulepreload crossorigin href="${file}">`);
    expect(html.match(/<script/g)).toHaveLength(4);
    // The app's own queries, with the answers its first reads would get.
    const keys = queryState(html).queries.map((query) => query.queryKey);
    expect(keys).toEqual([
      ['auth', 'me'],
      ['items', { userId: 'user1' }],
      ['reviews', 'user1'],
      ['favorites'],
    ]);
    // Each read went to its service with the user's token as the app sends it, and the user's address.
    const asked = (standIn: ItemsStandIn) =>
      standIn.requests.map((r) => [r.url, r.headers.authorization, r.headers['x-forwarded-for']]);
    expect(asked(upstreams.auth)).toEqual([['/api/auth/me', 'Bearer token-one', '127.0.0.1']]);
    expect(asked(upstreams.items)).toEqual([
      ['/api/items?userId=user1', 'Bearer token-one', '127.0.0.1'],
      ['/api/favorites', 'Bearer token-one', '127.0.0.1'],
    ]);
    expect(asked(upstreams.moderation)).toEqual([['/api/reviews/user1', 'Bearer token-one', '127.0.0.1']]);
    // No cookie reaches a service.
    expect([...upstreams.auth.requests, ...upstreams.items.requests].every((r) => !r.headers.cookie)).toBe(
      true,
    );
  });

  it("marks the page for the app to hydrate when it is rendered in the browser's time zone", async () => {
    const gateway = await gatewayFor(await services());
    const response = await request(gateway.app)
      .get('/profile')
      .set('cookie', `ns_render=token-one; ns_zone=${encodeURIComponent('Asia/Tokyo')}`);
    expect(response.text).toContain(
      '<html lang="en" data-prerendered-session="/profile" data-prerendered-zone="Asia/Tokyo">',
    );
    expect(response.text).toContain('<div data-prerendered-page="ns-hydrate"><div class=');
    expect(response.text).toContain('Traveller Number1');
  });

  it("renders each request for its own session: never one user's page for another", async () => {
    const gateway = await gatewayFor(await services());
    const one = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-one');
    const two = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-two');
    const again = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-one');
    expect(one.text).toContain('Traveller Number1');
    expect(two.text).toContain('Traveller Number2');
    expect(two.text).not.toContain('Traveller Number1');
    expect(again.text).toContain('Traveller Number1');
    expect(again.text).not.toContain('Traveller Number2');
  });

  it("serves the page's usual document without the cookie, with a refused, slow or unreadable one, or on another path", async () => {
    const upstreams = await services();
    const gateway = await gatewayFor(upstreams);
    const usual = async (req: request.Test) => {
      const response = await req;
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).not.toContain('data-prerendered-session');
      expect(response.text).not.toContain('Traveller Number');
      return response;
    };
    await usual(request(gateway.app).get('/profile'));
    await usual(request(gateway.app).get('/profile').set('cookie', 'ns_render='));
    await usual(request(gateway.app).get('/profile').set('cookie', 'ns_render=%E0%A4%A'));
    await usual(request(gateway.app).get('/profile').set('cookie', 'ns_render=token-three'));
    // Only the path's own cookie is read; the API never answers to it.
    await usual(request(gateway.app).get('/profile').set('cookie', 'session=token-one'));
    const api = await request(gateway.app).get('/api/auth/me').set('cookie', 'ns_render=token-one');
    expect(api.status).toBe(401);
    // `/messages` without the browser's time zone (its times are local), and other signed-in pages: their documents.
    await usual(request(gateway.app).get('/messages?user=user2').set('cookie', 'ns_render=token-one'));
    await usual(request(gateway.app).get('/profile/x').set('cookie', 'ns_render=token-one'));
    expect(upstreams.auth.requests.map((r) => r.url)).toEqual(['/api/auth/me', '/api/auth/me']);

    const slow = await gatewayFor(await services({ meDelayMs: 1_000 }), { SSR_TIMEOUT_MS: '100' });
    await usual(request(slow.app).get('/profile').set('cookie', 'ns_render=token-one'));
    const failing = await gatewayFor(await services({ meStatus: 503 }));
    await usual(request(failing.app).get('/profile').set('cookie', 'ns_render=token-one'));
    // A user who chose another language: the gate would hide English markup, so none is rendered.
    const french = await gatewayFor(await services({ language: 'fr' }));
    await usual(request(french.app).get('/profile').set('cookie', 'ns_render=token-one'));
  });

  it("renders the first page after a start whole: the shell's lazy parts are loaded before it", async () => {
    // Each build folder loads a renderer of its own: this request is its first page, as after a start. React.lazy
    // suspends on its first render, loaded or not, and renderToString cannot wait: before, this page carried the
    // account menu as a skeleton left to the browser.
    const gateway = await gatewayFor(await services());
    const response = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-one');
    expect(response.text).toContain('data-prerendered-session="/profile"');
    expect(response.text).toContain('aria-haspopup="menu"');
    // The footer's language switcher is the place it will take, as in a browser's first render (decision 0100):
    // its code loads when the footer comes near the screen.
    expect(response.text).toContain('<div class="h-9 w-44" data-testid="near-viewport-placeholder"></div>');
    expect(response.text).not.toMatch(/>Language<\/label><select/);
    expect(response.text).not.toContain('<!--$!-->');
  });

  it("serves the page's usual document and logs which parts failed when a component cannot render", async () => {
    const lines: { msg?: string; path?: string; err?: { message?: string } }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    // A user without a name: the header's menu and the page cannot draw their initials and throw. renderToString
    // would carry on with those parts' skeletons and tell no one.
    const gateway = await gatewayFor(await services({ me: { fullName: null } }), {}, webDist(), logger);
    const response = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-one');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).not.toContain('data-prerendered-session');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'signed-in page not server-rendered: its document is served',
      path: '/profile',
    });
    expect(lines[0]!.err?.message).toMatch(
      /^\/profile: the server render left 2 part\(s\) to the browser \(a component threw or suspended\), before: "<div/,
    );
  });

  it('takes the per-client render budget: exactly SSR_RENDERS_PER_MINUTE pages, then the document', async () => {
    const upstreams = await services();
    const gateway = await gatewayFor(upstreams, { SSR_RENDERS_PER_MINUTE: '2' });
    for (let n = 0; n < 2; n++) {
      const response = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-one');
      expect(response.text, `render ${n + 1}`).toContain('Traveller Number1');
    }
    const over = await request(gateway.app).get('/profile').set('cookie', 'ns_render=token-one');
    expect(over.status).toBe(200);
    expect(over.text).not.toContain('Traveller Number1');
    expect(upstreams.auth.requests).toHaveLength(2);
  });

  it('reads the token from the render cookie only, and only a well-formed one', () => {
    expect(renderSessionOf('ns_render=abc.def-ghi_j')).toBe('abc.def-ghi_j');
    expect(renderSessionOf('a=1;  ns_render=x%3Dy ; b=2')).toBe('x=y');
    expect(renderSessionOf('ns_render=a=b')).toBe('a=b');
    expect(renderSessionOf(undefined)).toBeNull();
    expect(renderSessionOf('ns_renderx=abc')).toBeNull();
    expect(renderSessionOf('ns_render=')).toBeNull();
    expect(renderSessionOf('ns_render=a%20b')).toBeNull();
    expect(renderSessionOf('ns_render=%E0%A4%A')).toBeNull();
    expect(renderSessionOf(`ns_render=${'a'.repeat(4096)}`)).toBe('a'.repeat(4096));
    expect(renderSessionOf(`ns_render=${'a'.repeat(4097)}`)).toBeNull();
  });
});

describe("a signed-in user's /messages, rendered with the session cookie in the browser's time zone", () => {
  const ZONE = 'Pacific/Auckland';
  const chatUser = (n: number) => ({
    id: `user${n}`,
    fullName: `Traveller Number${n}`,
    username: `traveller${n}`,
    avatar: null,
    rating: 4,
    reviewCount: 1,
    deleted: false,
  });
  /** A message of user2's to user1 at `at`. */
  const message = (id: string, content: string, at: string) => ({
    id,
    senderId: 'user2',
    receiverId: 'user1',
    exchangeId: null,
    itemId: null,
    content,
    safetyWarning: null,
    isRead: true,
    readAt: null,
    clientId: null,
    createdAt: at,
    sender: chatUser(2),
    receiver: chatUser(1),
  });
  // 10:05 UTC is 11:05 PM in Auckland (UTC+13 in November): the gateway's zone would say 10:05 AM.
  const LATEST = message('m2', 'See you at the station', '2026-11-27T10:05:00.000Z');
  const open: { redis: { disconnect(): void } }[] = [];
  const standIns: ItemsStandIn[] = [];
  async function gateway(options: { threadStatus?: number } = {}) {
    const auth = await startItems((req) => {
      if (req.headers.authorization !== 'Bearer token-one') return { status: 401, body: {} };
      return { status: 200, body: req.url === '/api/auth/me' ? self(1) : { ...self(3), email: undefined } };
    });
    const messaging = await startItems((req) => {
      if (req.headers.authorization !== 'Bearer token-one') return { status: 401, body: {} };
      const url = req.url ?? '';
      if (url === '/api/conversations')
        return {
          status: 200,
          body: [
            {
              otherUser: chatUser(2),
              lastMessage: LATEST,
              unreadCount: 0,
              item: null,
              blocked: false,
              presence: null,
            },
          ],
        };
      if (url.startsWith('/api/messages'))
        return {
          status: options.threadStatus ?? 200,
          body: [LATEST, message('m1', 'Hello', '2026-11-26T09:00:00.000Z')],
        };
      if (url.startsWith('/api/exchanges')) return { status: 200, body: [] };
      return { status: 404, body: {} };
    });
    standIns.push(auth, messaging);
    const built = await buildGateway(
      { auth: auth.url, items: await deadUrl(), messaging: messaging.url, moderation: await deadUrl() },
      { WEB_DIST: webDist() },
    );
    open.push(built);
    return { app: built.app, auth, messaging };
  }
  afterAll(async () => {
    await Promise.all(standIns.map((s) => s.close()));
    for (const built of open) built.redis.disconnect();
  });

  it('answers with the conversation, its times in that zone, the zone mark and its reads as the app keeps them', async () => {
    const { app, messaging } = await gateway();
    const zoneBefore = process.env.TZ;
    const response = await request(app)
      .get('/messages?user=user2')
      .set('cookie', `ns_render=token-one; ns_zone=${encodeURIComponent(ZONE)}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.text;
    expect(html).toContain(
      `<html lang="en" data-prerendered-session="/messages" data-prerendered-zone="${ZONE}">`,
    );
    expect(html).toContain('<title>Messages · NomadSwap</title>');
    // Replaced by the app, never hydrated: its message box may hold text typed before it (decision 0100).
    expect(html).toContain('<div data-prerendered-page>');
    expect(html).toContain('See you at the station');
    expect(html).toContain('11:05 PM');
    expect(html).not.toContain('10:05 AM');
    // The gateway's own zone is as it was (the render borrowed the browser's for its synchronous part only).
    expect(process.env.TZ).toBe(zoneBefore);
    const queries = queryState(html).queries;
    expect(queries.map((query) => query.queryKey)).toEqual([
      ['auth', 'me'],
      ['messages', 'conversations'],
      ['messages', 'thread', 'user2'],
      ['exchanges', 'list', { userId: 'user2' }],
    ]);
    // Infinite queries hold their first page with the answer's cursor, as the app's own read keeps it.
    expect(queries[2]!.state.data.pages[0]!.nextCursor).toBe('cursor-2');
    // All three at once (their order of arrival is the network's), each with the user's token.
    expect(messaging.requests.map((r) => [r.url, r.headers.authorization]).sort()).toEqual([
      ['/api/conversations', 'Bearer token-one'],
      ['/api/exchanges?userId=user2', 'Bearer token-one'],
      ['/api/messages?with=user2&limit=30', 'Bearer token-one'],
    ]);
  });

  it('reads someone not in the list yet on their own, as the page does', async () => {
    const { app, auth } = await gateway();
    const response = await request(app)
      .get('/messages?user=user3')
      .set('cookie', `ns_render=token-one; ns_zone=${ZONE}`);
    expect(response.text).toContain('data-prerendered-session="/messages"');
    expect(response.text).toContain('Traveller Number3');
    expect(auth.requests.map((r) => r.url)).toEqual(['/api/auth/me', '/api/users/user3']);
  });

  it("serves the page's usual document without a zone, with one this process does not know, or when a read fails", async () => {
    const { app, auth } = await gateway();
    for (const zone of [null, 'Mars/Olympus_Mons', 'Europe/Lisbon%0A', '../etc'].map((z) =>
      z === null ? 'ns_render=token-one' : `ns_render=token-one; ns_zone=${z}`,
    )) {
      const response = await request(app).get('/messages?user=user2').set('cookie', zone);
      expect(response.status).toBe(200);
      expect(response.text, zone).not.toContain('data-prerendered-session');
    }
    // None of them asked the API: without a zone there is no page to render.
    expect(auth.requests).toHaveLength(0);
    const failing = await gateway({ threadStatus: 503 });
    const response = await request(failing.app)
      .get('/messages?user=user2')
      .set('cookie', `ns_render=token-one; ns_zone=${ZONE}`);
    expect(response.text).not.toContain('data-prerendered-session');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('reads the zone from its cookie only, and only a name this process knows', () => {
    expect(renderZoneOf(`ns_zone=${encodeURIComponent('America/Bogota')}`)).toBe('America/Bogota');
    expect(renderZoneOf('a=1; ns_zone=Europe/Lisbon; b=2')).toBe('Europe/Lisbon');
    // As the browser names it, an alias too: the gate compares the browser's own name.
    expect(renderZoneOf('ns_zone=Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(renderZoneOf('ns_zone=UTC')).toBe('UTC');
    expect(renderZoneOf(undefined)).toBeUndefined();
    expect(renderZoneOf('ns_zonex=UTC')).toBeUndefined();
    expect(renderZoneOf('ns_zone=')).toBeUndefined();
    expect(renderZoneOf('ns_zone=Not/AZone')).toBeUndefined();
    expect(renderZoneOf('ns_zone=%E0%A4%A')).toBeUndefined();
    expect(renderZoneOf('ns_zone=Europe%2FLisbon%3Cscript')).toBeUndefined();
  });
});

describe('the item page', () => {
  const open: { redis: { disconnect(): void } }[] = [];
  afterAll(() => open.forEach((gateway) => gateway.redis.disconnect()));

  it("preloads the item page's chunk and its imports, without the visitor home, for every item id", async () => {
    const dist = webDist({ renderer: false });
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_framework.js'] },
        'src/routes/item.tsx': { file: 'assets/item-1.js', imports: ['_gallery.js', '_framework.js'] },
        '_gallery.js': { file: 'assets/gallery-2.js', imports: ['_framework.js'] },
        '_framework.js': { file: 'assets/framework-3.js' },
      }),
    );
    const gateway = await buildGateway({}, { WEB_DIST: dist });
    open.push(gateway);
    for (const page of ['/item/item1', '/item/does-not-exist']) {
      const response = await request(gateway.app).get(page);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const head = response.text.slice(0, response.text.indexOf('</head>'));
      for (const file of ['/assets/item-1.js', '/assets/gallery-2.js', '/assets/framework-3.js'])
        // Inert until the entry starts the app (web/src/early/early-shell.ts startDeferredPreloads).
        expect(head).toContain(`<link data-modulepreload crossorigin href="${file}">`);
      expect(head).not.toContain('rel="modulepreload"');
      expect(response.text).toContain('<div id="root"></div>');
      expect(response.text).not.toContain('Welcome home');
    }
    expect(chunkFiles({}, 'src/routes/item.tsx')).toEqual([]);
  });

  it("preloads /messages' and /profile's chunks and their reads', each its own, on their paths only", async () => {
    const dist = webDist({ renderer: false });
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_framework.js'] },
        'src/routes/messages.tsx': { file: 'assets/messages-1.js', imports: ['_framework.js'] },
        'src/routes/messages-prefetch.ts': {
          file: 'assets/messages-prefetch-2.js',
          imports: ['_framework.js'],
        },
        'src/routes/profile.tsx': { file: 'assets/profile-4.js', imports: ['_tabs.js'] },
        'src/routes/profile-prefetch.ts': { file: 'assets/profile-prefetch-5.js' },
        '_tabs.js': { file: 'assets/tabs-6.js' },
        '_framework.js': { file: 'assets/framework-3.js' },
      }),
    );
    const gateway = await buildGateway({}, { WEB_DIST: dist });
    open.push(gateway);
    const listed = async (page: string) => {
      const response = await request(gateway.app).get(page);
      expect(response.status).toBe(200);
      const head = response.text.slice(0, response.text.indexOf('</head>'));
      return [...head.matchAll(/<link data-modulepreload crossorigin href="([^"]+)">/g)].map(
        ([, file]) => file,
      );
    };
    const messages = ['/assets/messages-1.js', '/assets/framework-3.js', '/assets/messages-prefetch-2.js'];
    expect(await listed('/messages?user=u1')).toEqual(messages);
    expect(await listed('/messages')).toEqual(messages);
    expect(await listed('/profile')).toEqual([
      '/assets/profile-4.js',
      '/assets/tabs-6.js',
      '/assets/profile-prefetch-5.js',
    ]);
    for (const page of ['/messages/x', '/profile/x', '/user/u1'])
      expect(await listed(page), page).toEqual([]);
  });

  it('gets the plain shell when the build has no manifest', async () => {
    const gateway = await buildGateway({}, { WEB_DIST: webDist({ renderer: false }) });
    open.push(gateway);
    const response = await request(gateway.app).get('/item/item1');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Welcome home');
    expect(response.text).not.toContain('modulepreload');
  });
});

describe('splitTemplate', () => {
  it("finds #root's content in the build's index.html, prerendered or not", () => {
    const split = splitTemplate(INDEX_HTML)!;
    expect(split.head.endsWith('<div id="root">')).toBe(true);
    expect(split.tail.startsWith('</div>\n    <noscript>')).toBe(true);
    expect(splitTemplate('<div id="root"></div>\n<noscript>x</noscript>')).toEqual({
      head: '<div id="root">',
      tail: '</div>\n<noscript>x</noscript>',
    });
    expect(splitTemplate('<div id="app"></div>')).toBeNull();
  });
});
