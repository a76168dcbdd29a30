import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { injectPrerenderedHome } from '../../scripts/prerender-home';
import { AUTH_TOKEN_KEY } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { healthyResponse, mockApi } from '../testing/api-mock';
import { PRERENDERED_ATTRIBUTE, SKIP_PRERENDER_CLASS, takePrerenderedHome } from './prerendered-home';
import { AppProviders } from './providers';
import { preloadHome, routes } from './router';

// The web workspace's folder (vitest runs there; jsdom's import.meta.url is not a file URL).
const web = path.resolve(import.meta.dirname, '../..');
const gate = fs.readFileSync(path.join(web, 'public/prerender-gate.js'), 'utf8');
const indexHtml = fs.readFileSync(path.join(web, 'index.html'), 'utf8');

/** Runs public/prerender-gate.js as the browser would in index.html's head, at `path`. */
function runGate(path: string) {
  window.history.replaceState(null, '', path);
  document.documentElement.classList.remove(SKIP_PRERENDER_CLASS);
  new Function(gate)();
  return document.documentElement.classList.contains(SKIP_PRERENDER_CLASS);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.documentElement.classList.remove(SKIP_PRERENDER_CLASS);
  window.localStorage.clear();
});

describe('the prerender gate (public/prerender-gate.js)', () => {
  it('keeps the prerendered home for a visitor on /, with or without a query', () => {
    expect(runGate('/')).toBe(false);
    expect(runGate('/?q=tent')).toBe(false);
  });

  it('hides it on every other route (the same index.html answers them all)', () => {
    for (const path of ['/browse', '/item/abc', '/messages', '/auth/login', '/no/such/page'])
      expect(runGate(path), path).toBe(true);
  });

  it('hides it on / when a session is stored (a signed-in home is another page)', () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    expect(runGate('/')).toBe(true);
  });

  it('is a blocking script of the head, and the head hides the marked markup under its class', () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/prerender-gate\.js"><\/script>/);
    expect(head).toContain(`.${SKIP_PRERENDER_CLASS} [${PRERENDERED_ATTRIBUTE}]`);
    expect(head).toMatch(
      new RegExp(`\\.${SKIP_PRERENDER_CLASS} \\[${PRERENDERED_ATTRIBUTE}\\] \\{\\s*display: none;`),
    );
  });
});

describe('takePrerenderedHome', () => {
  const container = () => {
    const root = document.createElement('div');
    root.innerHTML = `<div ${PRERENDERED_ATTRIBUTE}=""><h1 id="hero-title">Hero</h1></div>`;
    return root;
  };

  it('returns the markup when the gate let it show', () => {
    const root = container();
    expect(takePrerenderedHome(root)).not.toBeNull();
    expect(root.querySelector('#hero-title')).not.toBeNull();
  });

  it('removes it when the gate hid it, so nothing of it can appear', () => {
    document.documentElement.classList.add(SKIP_PRERENDER_CLASS);
    const root = container();
    expect(takePrerenderedHome(root)).toBeNull();
    expect(root.innerHTML).toBe('');
  });

  it('returns null when index.html was not prerendered', () => {
    expect(takePrerenderedHome(document.createElement('div'))).toBeNull();
  });
});

describe('injectPrerenderedHome (build step)', () => {
  it('puts the markup in #root inside the marked wrapper', () => {
    const html = '<body><div id="root"></div><script type="module" src="/a.js"></script></body>';
    const out = injectPrerenderedHome(html, '<header></header><h1 id="hero-title">Hi $&</h1>');
    expect(out).toBe(
      `<body><div id="root"><div ${PRERENDERED_ATTRIBUTE}=""><header></header><h1 id="hero-title">Hi $&</h1></div></div><script type="module" src="/a.js"></script></body>`,
    );
  });

  it('refuses a page without the home hero (the app rendered something else)', () => {
    expect(() => injectPrerenderedHome('<div id="root"></div>', '<h1>Error</h1>')).toThrow(/hero/);
  });
});

describe('preloadHome', () => {
  it("once loaded, the home page is the router's first commit: never the route skeleton", async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    await preloadHome();
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    // One synchronous commit, no waiting: the hero must be there at once.
    act(() => {
      render(
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    expect(
      screen.getByRole('heading', { level: 1, name: /Welcome to the sharing economy/ }),
    ).toBeInTheDocument();
    // The route skeleton (the shell's Suspense fallback) is the page area's own child.
    expect(document.querySelector('main > [aria-busy="true"]')).toBeNull();
  });
});
