/**
 * Writes what the browser reads before any module has run from early paint's contract
 * (@nomadswap/contracts/early-paint) and the app's components: the blocking prerender-gate.js (from the template
 * ./prerender-gate.js, served by the dev server and emitted into the build), index.html's head (the gate's script
 * tag and the style that hides or shows the markup under the gate's classes) and, at the start of its body, the
 * early skeleton of the signed-in pages rendered from React (./early-skeleton.tsx). Nothing there spells a name out or copies a
 * component's classes, so nothing is kept in step by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { minifySync, runnerImport, type Plugin, type ViteDevServer } from 'vite';
import type * as EarlySkeleton from './early-skeleton';
// By path, not by package name: Vite's config loader leaves packages out of its bundle and Node cannot load a
// workspace package's TypeScript source.
import {
  AUTH_TOKEN_KEY,
  EARLY_ITEM_CLASS,
  EARLY_MESSAGES_CLASS,
  EARLY_PAGE_ATTRIBUTE,
  EARLY_PROFILE_CLASS,
  EARLY_SHELL_ID,
  ITEM_PAGE_PATH,
  LANGUAGE_STORAGE_KEY,
  MESSAGES_PAGE_PATH,
  MESSAGES_USER_PARAM,
  PRERENDER_GATE_PATH,
  PRERENDERED_HOME_ATTRIBUTE,
  PRERENDERED_PAGE_ATTRIBUTE,
  PRERENDERED_PAGE_HYDRATE,
  PRERENDERED_PATH_ATTRIBUTE,
  PROFILE_PAGE_PATH,
  ROOT_ID,
  SKIP_PRERENDER_CLASS,
} from '../../../shared/contracts/src/early-paint';
import {
  EARLY_CONTROLS,
  EARLY_TEXT_FIELDS,
  PRERENDERED_SESSION_ATTRIBUTE,
  PRERENDERED_ZONE_ATTRIBUTE,
  RENDER_SESSION_COOKIE,
  SESSION_GATE_PATH,
} from '../../../shared/contracts/src/render-session';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/contracts/src/enums';

/** The gate's source, relative to the web workspace, named as what it becomes; its last line passes the names below. */
export const GATE_TEMPLATE = `src/early${PRERENDER_GATE_PATH}`;
const NAMES_PLACEHOLDER = '})(EARLY_PAINT_NAMES);';

/** What the gate reads (its only input: it is a classic script and imports nothing). */
export const GATE_NAMES = {
  pathAttribute: PRERENDERED_PATH_ATTRIBUTE,
  tokenKey: AUTH_TOKEN_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  // The app's languages (web/src/i18n); the markup rendered ahead of time is in the default one.
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  skipClass: SKIP_PRERENDER_CLASS,
  itemPage: ITEM_PAGE_PATH.source,
  earlyItemClass: EARLY_ITEM_CLASS,
  messagesPage: MESSAGES_PAGE_PATH.source,
  messagesUserParam: MESSAGES_USER_PARAM,
  earlyMessagesClass: EARLY_MESSAGES_CLASS,
  profilePage: PROFILE_PAGE_PATH.source,
  earlyProfileClass: EARLY_PROFILE_CLASS,
};

/** session-gate.js's source, relative to the web workspace; it reads SESSION_GATE_NAMES. */
export const SESSION_GATE_TEMPLATE = `src/early${SESSION_GATE_PATH}`;

/** What session-gate.js reads (only a signed-in rendered page's document loads it). */
export const SESSION_GATE_NAMES = {
  sessionAttribute: PRERENDERED_SESSION_ATTRIBUTE,
  zoneAttribute: PRERENDERED_ZONE_ATTRIBUTE,
  pageAttribute: PRERENDERED_PAGE_ATTRIBUTE,
  hydrateMark: PRERENDERED_PAGE_HYDRATE,
  sessionCookie: RENDER_SESSION_COOKIE,
  tokenKey: AUTH_TOKEN_KEY,
  defaultLanguage: DEFAULT_LANGUAGE,
  skipClass: SKIP_PRERENDER_CLASS,
  earlyItemClass: EARLY_ITEM_CLASS,
  earlyMessagesClass: EARLY_MESSAGES_CLASS,
  earlyProfileClass: EARLY_PROFILE_CLASS,
  rootId: ROOT_ID,
  // What a tap is kept for: the controls whose action needs the app (a link navigates without it).
  controls: EARLY_CONTROLS,
  // What typed text is carried over from (the chat's message box).
  textFields: EARLY_TEXT_FIELDS,
};

/**
 * A gate's script from its template: the contract's names in place of the placeholder, minified (every page load
 * waits for it before it paints).
 */
function gateScript(file: string, template: string, names: object): string {
  if (!template.includes(NAMES_PLACEHOLDER)) throw new Error(`${file} has no ${NAMES_PLACEHOLDER}`);
  const source = template.replace(NAMES_PLACEHOLDER, () => `})(${JSON.stringify(names)});`);
  const { code, errors } = minifySync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join('; ')}`);
  return code;
}

/** prerender-gate.js from its template. */
export const prerenderGateScript = (template: string) => gateScript(GATE_TEMPLATE, template, GATE_NAMES);

/** session-gate.js from its template. */
export const sessionGateScript = (template: string) =>
  gateScript(SESSION_GATE_TEMPLATE, template, SESSION_GATE_NAMES);

const PRERENDERED = [PRERENDERED_HOME_ATTRIBUTE, PRERENDERED_PAGE_ATTRIBUTE].map((name) => `[${name}]`);

/** The gate's early-page classes: each shows the early skeleton with the page frame that carries its name. */
const EARLY_PAGE_CLASSES = [EARLY_ITEM_CLASS, EARLY_MESSAGES_CLASS, EARLY_PROFILE_CLASS];

/**
 * The head's style: markup rendered ahead of time takes no box of its own, and is hidden under the gate's skip
 * class; the early skeleton shows only under one of the gate's early-page classes, and then only that page's frame.
 */
export const EARLY_PAINT_CSS =
  `${PRERENDERED.join(',')}{display:contents}` +
  `${PRERENDERED.map((selector) => `.${SKIP_PRERENDER_CLASS} ${selector}`).join(',')},#${EARLY_SHELL_ID},[${EARLY_PAGE_ATTRIBUTE}]{display:none}` +
  `${EARLY_PAGE_CLASSES.map((page) => `.${page} #${EARLY_SHELL_ID},.${page} [${EARLY_PAGE_ATTRIBUTE}=${page}]`).join(',')}{display:block}`;

/** The skeleton's module, relative to the web workspace. */
const SKELETON_MODULE = 'src/early/early-skeleton.tsx';
type SkeletonModule = typeof EarlySkeleton;

/**
 * index.html with the gate's blocking script and the style at the end of its head, and `skeleton` (the early
 * skeleton's markup) first in its body, before #root.
 */
export function withEarlyPaint(html: string, skeleton: string): string {
  for (const tag of ['</head>', '<body>'])
    if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
  return html
    .replace(
      '</head>',
      () =>
        `  <script src="${PRERENDER_GATE_PATH}"></script>\n    <style>${EARLY_PAINT_CSS}</style>\n  </head>`,
    )
    .replace('<body>', () => `<body>\n    ${skeleton}`);
}

export function earlyPaint(): Plugin {
  let root = '';
  let server: ViteDevServer | undefined;
  // Each gate's path and its script, built from its template when asked.
  const gates: [string, () => string][] = [
    [PRERENDER_GATE_PATH, () => prerenderGateScript(fs.readFileSync(path.join(root, GATE_TEMPLATE), 'utf8'))],
    [
      SESSION_GATE_PATH,
      () => sessionGateScript(fs.readFileSync(path.join(root, SESSION_GATE_TEMPLATE), 'utf8')),
    ],
  ];
  // The dev server's module graph (it reloads an edited component); for a build, a module runner of its own.
  const skeleton = async () => {
    const module = server
      ? ((await server.ssrLoadModule(`/${SKELETON_MODULE}`)) as SkeletonModule)
      : (
          await runnerImport<SkeletonModule>(`/${SKELETON_MODULE}`, {
            root,
            configFile: false,
            logLevel: 'warn',
          })
        ).module;
    return module.renderEarlySkeleton();
  };
  return {
    name: 'nomadswap:early-paint',
    configResolved(config) {
      root = config.root;
    },
    configureServer(devServer) {
      server = devServer;
      devServer.middlewares.use((req, res, next) => {
        const gate = gates.find(([file]) => file === req.url?.split('?')[0]);
        if (!gate) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(gate[1]());
      });
    },
    generateBundle() {
      for (const [file, script] of gates)
        this.emitFile({ type: 'asset', fileName: file.slice(1), source: script() });
    },
    transformIndexHtml: { order: 'pre', handler: async (html) => withEarlyPaint(html, await skeleton()) },
  };
}
