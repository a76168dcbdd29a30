import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as contract from '@nomadswap/contracts/early-paint';
import * as session from '@nomadswap/contracts/render-session';
import {
  earlyPaint,
  EARLY_PAINT_CSS,
  GATE_NAMES,
  GATE_TEMPLATE,
  prerenderGateScript,
  SESSION_GATE_TEMPLATE,
  sessionGateScript,
} from './vite-plugin';

// The web workspace's folder (vitest runs there; jsdom's import.meta.url is not a file URL).
const web = path.resolve(import.meta.dirname, '../..');
const repo = path.resolve(web, '..');
const template = fs.readFileSync(path.join(web, GATE_TEMPLATE), 'utf8');

/** Names of the contract that are words every file may use (`'root'`, `'language'`, `'user'`). */
const WORDS: string[] = [contract.ROOT_ID, contract.LANGUAGE_STORAGE_KEY, contract.MESSAGES_USER_PARAM];

/**
 * The contract's names that are distinctive enough to find spelt out anywhere, and the early pages' patterns as
 * source text.
 */
const SPELT = [
  ...([...Object.values(contract), ...Object.values(session)] as unknown[]).filter(
    (value): value is string => typeof value === 'string' && !WORDS.includes(value),
  ),
  contract.ITEM_PAGE_PATH.source.slice(1, contract.ITEM_PAGE_PATH.source.indexOf('(')),
  contract.MESSAGES_PAGE_PATH.source,
  contract.PROFILE_PAGE_PATH.source,
];

/** A source without its comments (they may name what they talk about). */
const code = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/<!--[\s\S]*?-->/g, '');

/** The non-test sources of a folder, recursively. */
function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.(ts|tsx|js|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [file]
      : [];
  });
}

/** Runs the plugin's hooks the way Vite does for a build (config, index.html, bundle). */
async function runPlugin() {
  const plugin = earlyPaint() as unknown as {
    configResolved: (config: { root: string }) => void;
    transformIndexHtml: { handler: (html: string) => Promise<string> };
    generateBundle: (this: { emitFile: (file: unknown) => void }) => void;
  };
  plugin.configResolved({ root: web });
  const emitFile = vi.fn();
  plugin.generateBundle.call({ emitFile });
  const html = await plugin.transformIndexHtml.handler(fs.readFileSync(path.join(web, 'index.html'), 'utf8'));
  return { html, emitted: emitFile.mock.calls.map(([file]) => file as { fileName: string; source: string }) };
}

describe('the early-paint contract (@nomadswap/contracts/early-paint) is the single source', () => {
  it('the build emits prerender-gate.js with every name the gate reads, from the contract', async () => {
    const { emitted } = await runPlugin();
    const gate = emitted.find((file) => `/${file.fileName}` === contract.PRERENDER_GATE_PATH);
    expect(gate?.source).toBe(prerenderGateScript(template));
    for (const value of [
      contract.AUTH_TOKEN_KEY,
      contract.LANGUAGE_STORAGE_KEY,
      contract.PRERENDERED_PATH_ATTRIBUTE,
      contract.SKIP_PRERENDER_CLASS,
      contract.EARLY_ITEM_CLASS,
      contract.EARLY_MESSAGES_CLASS,
      contract.EARLY_PROFILE_CLASS,
      contract.MESSAGES_USER_PARAM,
    ])
      expect(gate?.source).toContain(`\`${value}\``);
    // The patterns' sources as string literals (their backslashes escaped).
    for (const pattern of [contract.ITEM_PAGE_PATH, contract.MESSAGES_PAGE_PATH, contract.PROFILE_PAGE_PATH])
      expect(gate?.source).toContain(JSON.stringify(pattern.source).slice(1, -1));
    expect(gate?.source).toContain(GATE_NAMES.languages.map((language) => `\`${language}\``).join(','));
    // Minified: no comment of the template reaches the browser.
    expect(gate?.source).not.toContain('/*');
    expect(gate!.source.length).toBeLessThan(template.length / 2);
  });

  it('the build emits session-gate.js with the names it reads, from the contract', async () => {
    const { emitted } = await runPlugin();
    const gate = emitted.find((file) => `/${file.fileName}` === session.SESSION_GATE_PATH);
    expect(gate?.source).toBe(
      sessionGateScript(fs.readFileSync(path.join(web, SESSION_GATE_TEMPLATE), 'utf8')),
    );
    for (const value of [
      contract.AUTH_TOKEN_KEY,
      session.RENDER_SESSION_COOKIE,
      session.PRERENDERED_SESSION_ATTRIBUTE,
      contract.PRERENDERED_PAGE_ATTRIBUTE,
      contract.SKIP_PRERENDER_CLASS,
      contract.EARLY_PROFILE_CLASS,
      contract.ROOT_ID,
    ])
      expect(gate?.source).toContain(`\`${value}\``);
    expect(gate?.source).not.toContain('/*');
  });

  it("the build's index.html loads the gate and styles the contract's classes, attributes and ids", async () => {
    const { html } = await runPlugin();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script src="${contract.PRERENDER_GATE_PATH}"></script>`);
    expect(head).toContain(`<style>${EARLY_PAINT_CSS}</style>`);
    for (const value of [
      contract.PRERENDERED_HOME_ATTRIBUTE,
      contract.PRERENDERED_PAGE_ATTRIBUTE,
      contract.SKIP_PRERENDER_CLASS,
      contract.EARLY_SHELL_ID,
      contract.EARLY_ITEM_CLASS,
      contract.EARLY_MESSAGES_CLASS,
      contract.EARLY_PROFILE_CLASS,
      contract.EARLY_PAGE_ATTRIBUTE,
    ])
      expect(EARLY_PAINT_CSS).toContain(value);
    // The skeleton, rendered from React, first in the body: outside #root, its gallery box marked, one frame per
    // early page, each marked with the gate's class for it.
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toMatch(new RegExp(`^<body>\\s*<div id="${contract.EARLY_SHELL_ID}" aria-hidden="true">`));
    for (const page of [
      contract.EARLY_ITEM_CLASS,
      contract.EARLY_MESSAGES_CLASS,
      contract.EARLY_PROFILE_CLASS,
    ]) {
      const frame = body.indexOf(`<div ${contract.EARLY_PAGE_ATTRIBUTE}="${page}">`);
      expect(frame, page).toBeGreaterThan(0);
      expect(frame, page).toBeLessThan(body.indexOf(`<div id="${contract.ROOT_ID}">`));
    }
    expect(body.indexOf(`${contract.EARLY_GALLERY_ATTRIBUTE}=""`)).toBeGreaterThan(0);
    expect(body.indexOf(`${contract.EARLY_GALLERY_ATTRIBUTE}=""`)).toBeLessThan(
      body.indexOf(`<div id="${contract.ROOT_ID}">`),
    );
  });

  it('the gate templates spell out none of the names: they get them all from the plugin', () => {
    expect(code(template).match(/EARLY_PAINT_NAMES/g)).toHaveLength(1);
    for (const value of SPELT) expect(code(template), value).not.toContain(value);
    const sessionTemplate = fs.readFileSync(path.join(web, SESSION_GATE_TEMPLATE), 'utf8');
    expect(code(sessionTemplate).match(/EARLY_PAINT_NAMES/g)).toHaveLength(1);
    for (const value of SPELT) expect(code(sessionTemplate), value).not.toContain(value);
    // Nor the languages (the contracts' LANGUAGES).
    expect(code(template)).not.toMatch(/'(en|es|pt|fr|de)'|\(en\|/);
  });

  it('no source of the web app (index.html included) or the gateway spells out a name of the contract', () => {
    const files = [
      ...sources(path.join(web, 'src')),
      ...sources(path.join(repo, 'gateway/src')),
      path.join(web, 'vite.config.ts'),
      path.join(web, 'index.html'),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = code(fs.readFileSync(file, 'utf8'));
      return SPELT.filter((value) => text.includes(value)).map(
        (value) => `${path.relative(repo, file)}: ${value}`,
      );
    });
    expect(found).toEqual([]);
  });

  it('the check would notice a name spelt out', () => {
    expect(SPELT).toContain('authToken');
    expect(SPELT).toContain('\\/item\\/');
    expect(SPELT).toContain('^\\/messages$');
    expect(SPELT).toContain('ns-early-profile');
    expect(SPELT).toContain('ns_render');
    expect(code(`localStorage.getItem('authToken'); // authToken`)).toContain('authToken');
    expect(code(`/* ${contract.QUERY_STATE_ID} */ const a = 1;`)).not.toContain(contract.QUERY_STATE_ID);
  });
});
