import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import {
  EARLY_ITEM_CLASS,
  EARLY_MESSAGES_CLASS,
  EARLY_PAGE_ATTRIBUTE,
  EARLY_PROFILE_CLASS,
  EARLY_SHELL_ID,
} from '@nomadswap/contracts/early-paint';
import {
  HEADER_BAR_CLASS,
  HEADER_ROW_CLASS,
  TAB_BAR_CLASS,
  TAB_BAR_ROW_CLASS,
} from '../app/shell/header-layout';
import { Logo } from '../components/logo';
import { Skeleton } from '../components/ui/skeleton';
import { EarlyItemFrame } from './item-skeleton';
import { EarlyMessagesFrame } from './messages-skeleton';
import { EarlyProfileFrame } from './profile-skeleton';

/*
 * A signed-in user's page before the app has run (early-shell.ts): the header bar and the page's frame, in the
 * app's own boxes and components. Rendered into index.html at build time (and by the dev server) by
 * vite-plugin.ts, next to #root. The gate shows it on a page that has a frame here, with a stored session, and
 * only that page's frame (marked with the gate's class for the page); the app's first commit removes it.
 * Decorative: hidden from assistive technology (the app announces the page), with nothing in it to focus and no
 * landmark (a <div>, not the header's <header>).
 */
export function EarlySkeleton() {
  const frame = (page: string, children: ReactNode) => (
    <div {...{ [EARLY_PAGE_ATTRIBUTE]: page }}>{children}</div>
  );
  return (
    <div id={EARLY_SHELL_ID} aria-hidden="true">
      <div className={HEADER_BAR_CLASS}>
        <div className={HEADER_ROW_CLASS}>
          <span className="-ml-1 rounded-lg p-1">
            <Logo />
          </span>
          {/* The header's account placeholder while the session is checked, and the mobile menu's room. */}
          <div className="ml-auto flex items-center gap-2">
            <Skeleton className="size-9 rounded-full" />
            <div className="size-9 md:hidden" />
          </div>
        </div>
      </div>
      {frame(EARLY_ITEM_CLASS, <EarlyItemFrame />)}
      {frame(EARLY_MESSAGES_CLASS, <EarlyMessagesFrame />)}
      {frame(EARLY_PROFILE_CLASS, <EarlyProfileFrame />)}
      {/* The phones' tab bar (every signed-in page has it): its five tabs' icons and labels, without words. */}
      <div className={TAB_BAR_CLASS}>
        <div className={TAB_BAR_ROW_CLASS}>
          {[0, 1, 2, 3, 4].map((tab) => (
            <div key={tab} className="flex flex-col items-center justify-center gap-1">
              <Skeleton className="size-6 rounded-full" />
              <Skeleton className="h-3 w-10" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The skeleton's markup for index.html. */
export const renderEarlySkeleton = () => renderToStaticMarkup(<EarlySkeleton />);
