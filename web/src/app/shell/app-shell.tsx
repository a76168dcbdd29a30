import { memo, Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { preloadable } from '../../lib/preloadable';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { PendingApprovalBanner } from '../../features/auth/components/pending-approval-banner';
import { SanctionBanners } from '../../features/sanctions/components/sanction-banners';
import { SuspensionNotice } from '../../features/sanctions/components/suspension-notice';
import { HealthBanner } from '../../features/health/components/health-banner';
import { PwaBanners } from '../../features/pwa/components/pwa-banners';
import { useOnlineStatus } from '../../hooks/use-online-status';
import { BottomTabBar } from './bottom-tab-bar';
import { canMessage } from './can-message';
import { Footer } from './footer';
import { Header, loadAccountMenu } from './header';
import { PageSkeleton } from '../../components/page-skeleton';
import { ScrollToTop } from './scroll-to-top';

const MAIN_ID = 'main';

// The footer takes no props: memoized, so the signed-in user arriving does not render it again.
const StaticFooter = memo(Footer);

/*
 * The live chat connection (socket.io-client, about 40 kB of script) is for approved users only: its chunk
 * loads once one is signed in, instead of with the entry every visitor waits for.
 */
const messagingLive = preloadable(() =>
  import('../../features/messages/components/messaging-live').then((m) => ({ default: m.MessagingLive })),
);
const MessagingLive = messagingLive.Component;

/* A signed-in user's language follows their profile; visitors never need this code (nor the profile update). */
const profileLanguage = preloadable(() =>
  import('../../features/auth/components/profile-language').then((m) => ({ default: m.ProfileLanguage })),
);
const ProfileLanguage = profileLanguage.Component;

/**
 * Loads the chunks of the shell's own lazy parts. The gateway's renderer awaits it before its first page: React.lazy
 * suspends on its first render even when loaded, and renderToString cannot wait — the first pages after a start
 * left the account menu to the browser, as a skeleton. (The footer's language switcher is not rendered on the
 * server: its placeholder is, see components/when-near-viewport.tsx.)
 */
export function preloadShell(): Promise<unknown> {
  return Promise.all([loadAccountMenu(), messagingLive.load(), profileLanguage.load()]);
}

/** The frame around every route: header, global banners, the page, footer, and the phone tab bar. */
export function AppShell() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser({ watchApproval: true });
  const online = useOnlineStatus();

  // Moves focus without putting "#main" into the address bar (which would count as a route change).
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView();
  };

  return (
    <div
      className={cn(
        'flex min-h-dvh flex-col',
        // Room for the fixed tab bar so it never covers the end of the page.
        user && 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0',
      )}
    >
      <ScrollToTop />
      {user ? (
        <Suspense fallback={null}>
          <ProfileLanguage user={user} />
        </Suspense>
      ) : null}
      {user && canMessage(user) ? (
        <Suspense fallback={null}>
          <MessagingLive viewerId={user.id} />
        </Suspense>
      ) : null}
      <a
        href={`#${MAIN_ID}`}
        onClick={skipToContent}
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <Header user={user} userLoading={isLoading} />
      <PwaBanners aboveTabBar={Boolean(user)} />
      {/* Offline, the offline banner says why nothing answers; "API not responding" would only alarm. */}
      {online ? <HealthBanner /> : null}
      {user && !user.isApproved ? <PendingApprovalBanner /> : null}
      {user ? <SanctionBanners key={user.warning?.id ?? 'none'} user={user} /> : <SuspensionNotice />}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <StaticFooter />
      {user ? <BottomTabBar unreadBadge={canMessage(user)} /> : null}
    </div>
  );
}
