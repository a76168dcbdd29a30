import {
  DEFERRED_MODULEPRELOAD_ATTRIBUTE,
  EARLY_GALLERY_ATTRIBUTE,
  EARLY_ITEM_CLASS,
  EARLY_MESSAGES_CLASS,
  EARLY_PROFILE_CLASS,
  EARLY_SHELL_ID,
  ITEM_PAGE_PATH,
} from '@nomadswap/contracts/early-paint';
import { afterElementPainted } from './after-first-paint';

/*
 * A signed-in user's item page does not arrive rendered (the gateway renders only `/profile` with the session
 * cookie: decisions/0096), so
 * index.html carries a static skeleton of it next to #root: the header bar and the page's frame with its gallery
 * box, the same sizes as the app's page. early/prerender-gate.js shows it (EARLY_ITEM_CLASS on <html>) before the
 * first paint on `/item/:id` with a stored session, so the page paints from the HTML instead of after the app. The
 * small entry puts the item's first photo into its gallery box as soon as its early read answers
 * (early/early-reads.ts), so the photo — the page's largest element — paints before the app has run; boot.tsx then
 * renders the app once the page's data is in, and React's first commit removes the skeleton (same boxes: no shift,
 * and the app's photo is the same image at the same size). React-free: the entry imports it.
 * `/messages` with a conversation open and `/profile` (issue 25) get the same skeleton with their own frame
 * (early-skeleton.tsx), and boot.tsx holds the first render back the same way until their page and its data are in.
 */

/** The signed-in pages the early skeleton has a frame of, by the class the gate sets on <html> for each. */
const EARLY_PAGES = { item: EARLY_ITEM_CLASS, messages: EARLY_MESSAGES_CLASS, profile: EARLY_PROFILE_CLASS };
export type EarlyPage = keyof typeof EARLY_PAGES;

/** The page whose early skeleton this page load shows, else null. */
export function earlyPage(doc: Document = document): EarlyPage | null {
  const shown = (Object.keys(EARLY_PAGES) as EarlyPage[]).find((page) =>
    doc.documentElement.classList.contains(EARLY_PAGES[page]),
  );
  return shown && doc.getElementById(EARLY_SHELL_ID) ? shown : null;
}

/** The early item skeleton, when this page load shows it. */
function shownShell(doc: Document): HTMLElement | null {
  return earlyPage(doc) === 'item' ? doc.getElementById(EARLY_SHELL_ID) : null;
}

/** The item id of `/item/:id` as the router decodes it, or null on any other path (or a malformed escape). */
export function itemIdOf(pathname: string): string | null {
  const match = ITEM_PAGE_PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The id of the item whose early skeleton is on screen, else null. */
export function earlyItemId(doc: Document = document, pathname = window.location.pathname): string | null {
  return shownShell(doc) ? itemIdOf(pathname) : null;
}

/**
 * Puts the item's photo into the skeleton's gallery box (as the app's gallery shows it: the whole box, contained)
 * and resolves once it is on screen (loaded, then painted: afterElementPainted) or has failed; at once when the
 * skeleton is not shown. The entry starts the app then: its scripts, run between the photo's load and its paint,
 * held the paint back by their evaluation (Lighthouse's item page LCP 1.8–2.6 s instead of ~1.3 s in some loads).
 */
export function paintEarlyPhoto(src: string, doc: Document = document): Promise<void> {
  const slot = shownShell(doc)?.querySelector(`[${EARLY_GALLERY_ATTRIBUTE}]`);
  if (!slot) return Promise.resolve();
  const img = doc.createElement('img');
  img.alt = '';
  img.className = 'size-full object-contain';
  img.setAttribute('fetchpriority', 'high');
  const settled = new Promise<void>((resolve) => {
    img.addEventListener('load', () => afterElementPainted(img, resolve));
    img.addEventListener('error', () => resolve());
  });
  img.src = src;
  slot.replaceChildren(img);
  return settled;
}

/** Removes the early skeleton (the app's first commit has taken its place). Safe to call more than once. */
export function removeEarlyShell(doc: Document = document): void {
  doc.getElementById(EARLY_SHELL_ID)?.remove();
  doc.documentElement.classList.remove(...Object.values(EARLY_PAGES));
}

/** How many listed chunks become modulepreload links in one task (see startDeferredPreloads). */
export const PRELOADS_PER_TASK = 4;

/**
 * Starts downloading the chunks the document listed for later (main.tsx, when it starts the app): each becomes a
 * modulepreload link, once. A few per task: each link costs about 2 ms at 4× CPU slowdown (the fetch it starts),
 * and `/profile`'s thirty in one task made a 66 ms long task (a trace of the server-rendered page, where the page
 * is already on screen and Lighthouse's TBT counts it).
 */
export function startDeferredPreloads(doc: Document = document): void {
  const listed = [...doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MODULEPRELOAD_ATTRIBUTE}]`)];
  // Taken off at once: a second call finds none.
  for (const link of listed) link.remove();
  const next = () => {
    for (const inert of listed.splice(0, PRELOADS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = inert.getAttribute('href') ?? '';
      doc.head.append(link);
    }
    if (listed.length > 0) setTimeout(next, 0);
  };
  next();
}
