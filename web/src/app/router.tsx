import { lazy } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppShell } from './shell/app-shell';
import { preloadable } from '../lib/preloadable';
import { ErrorScreen, RouteErrorScreen } from './shell/error-screen';

/*
 * Pages are split per route with React.lazy under the shell's <Suspense>: the header and footer render at
 * once and only the page area shows a skeleton while its chunk loads. (A route-level `lazy` would hold
 * the whole shell back on the first load.) Register a page here when its issue builds it; until then its
 * path falls through to the not-found page.
 */
/*
 * Pages whose chunk can be loaded before React's first render (lib/preloadable.tsx). main.tsx and boot.tsx await it
 * when the HTML already shows that page (the home prerendered at build time, web/src/early/prerender-home.ts; a page
 * the gateway rendered, src/early/entry-server.tsx): React's first commit then replaces that markup with the same
 * page, never with the route skeleton in between. The server renderer awaits it too, as renderToString cannot wait
 * for a lazy page.
 */
const home = preloadable(() => import('../routes/home'));
const browse = preloadable(() => import('../routes/browse'));
const item = preloadable(() => import('../routes/item'));
const messages = preloadable(() => import('../routes/messages'));
const profile = preloadable(() => import('../routes/profile'));
const HomeRoute = home.Component;
const BrowseRoute = browse.Component;
const ItemRoute = item.Component;

/** Loads the home page's chunk (see preloadable). */
export function preloadHome(): Promise<unknown> {
  return home.load();
}

/** The pages that can arrive prerendered or server-rendered, by path: their chunks load before the first render. */
const PRELOADABLE: Record<string, () => Promise<unknown>> = {
  '/': home.load,
  '/browse': browse.load,
  // Signed in, rendered by the gateway with the session cookie (early/entry-server.tsx).
  '/profile': profile.load,
  '/messages': messages.load,
};

/**
 * Loads the item page's chunk and its first data (who is signed in, the item): with index.html's early skeleton on
 * screen (early/early-shell.ts), boot.tsx awaits it so that React's first commit is the page itself.
 */
export function preloadItemPage(queryClient: QueryClient, id: string): Promise<unknown> {
  return item.load().then((module) => module.prefetchItemPage(queryClient, id));
}

/**
 * A signed-in user's `/messages` or `/profile` (issue 25, LCP): their chunk and first reads start as the app
 * starts, in parallel with its first render, instead of after it (route → chunk → render → reads, one after
 * another). The returned promise settles once the chunk is in and the reads have answered: boot.tsx awaits it only
 * while index.html's early skeleton of the page is on screen, so that React's first commit is the page itself.
 */
export function preloadSignedInPage(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): Promise<unknown> {
  // The reads are modules of their own (small chunks): they do not wait for the page's chunk and its imports.
  if (location.pathname === paths.messages)
    return Promise.all([
      messages.load(),
      import('../routes/messages-prefetch').then((m) => m.prefetchMessagesPage(queryClient, location.search)),
    ]);
  if (location.pathname === paths.profile)
    return Promise.all([
      profile.load(),
      import('../routes/profile-prefetch').then((m) => m.prefetchProfilePage(queryClient)),
    ]);
  return Promise.resolve();
}

/** Loads the chunk of the page at `pathname` when it is one that can arrive rendered; else resolves at once. */
export function preloadPage(pathname: string): Promise<unknown> {
  return PRELOADABLE[pathname]?.() ?? Promise.resolve();
}

const LoginRoute = lazy(() => import('../routes/login'));
const RegisterRoute = lazy(() => import('../routes/register'));
const WelcomeRoute = lazy(() => import('../routes/welcome'));
const AddItemRoute = lazy(() => import('../routes/add-item'));
const EditItemRoute = lazy(() => import('../routes/edit-item'));
const MessagesRoute = messages.Component;
const ProfileRoute = profile.Component;
const UserProfileRoute = lazy(() => import('../routes/user-profile'));
const AdminRoute = lazy(() => import('../routes/admin'));
const AdminUsersRoute = lazy(() => import('../routes/admin-users'));
const AdminUserRoute = lazy(() => import('../routes/admin-user'));
const ReviewRoute = lazy(() => import('../routes/review'));
const ReportIssueRoute = lazy(() => import('../routes/report-issue'));
const ReportedRoute = lazy(() => import('../routes/reported'));
const ContactRoute = lazy(() => import('../routes/contact'));
const AdminReportsRoute = lazy(() => import('../routes/admin-reports'));
const AdminAuditLogRoute = lazy(() => import('../routes/admin-audit-log'));
const LearnMoreRoute = lazy(() => import('../routes/learn-more'));
const SafetyGuidelinesRoute = lazy(() => import('../routes/safety-guidelines'));
const CommunityRulesRoute = lazy(() => import('../routes/community-rules'));
const TermsOfServiceRoute = lazy(() => import('../routes/terms-of-service'));
const PrivacyPolicyRoute = lazy(() => import('../routes/privacy-policy'));
const LegalSummaryRoute = lazy(() => import('../routes/legal-summary'));
const AlertStopRoute = lazy(() => import('../routes/alert-stop'));
const NotFoundRoute = lazy(() => import('../routes/not-found'));

/** `/login` and `/register` are linked from old places; they map to the auth pages (design.md decision). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell />,
    // The shell itself failed: nothing around it can be trusted, so the error screen stands alone.
    errorElement: <ErrorScreen />,
    children: [
      {
        // A page failed: keep the shell (navigation still works) and show the error screen inside it.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'auth/login', element: <LoginRoute /> },
          { path: 'auth/register', element: <RegisterRoute /> },
          { path: 'welcome', element: <WelcomeRoute /> },
          { path: 'browse', element: <BrowseRoute /> },
          { path: 'item/:id', element: <ItemRoute /> },
          { path: 'add-item', element: <AddItemRoute /> },
          { path: 'edit-item/:id', element: <EditItemRoute /> },
          { path: 'messages', element: <MessagesRoute /> },
          { path: 'profile', element: <ProfileRoute /> },
          { path: 'user/:userId', element: <UserProfileRoute /> },
          { path: 'review/:userId', element: <ReviewRoute /> },
          { path: 'contact', element: <ContactRoute /> },
          { path: 'report-issue', element: <ReportIssueRoute /> },
          { path: 'reported', element: <ReportedRoute /> },
          { path: 'learn-more', element: <LearnMoreRoute /> },
          { path: 'safety-guidelines', element: <SafetyGuidelinesRoute /> },
          { path: 'community-rules', element: <CommunityRulesRoute /> },
          { path: 'terms-of-service', element: <TermsOfServiceRoute /> },
          { path: 'privacy-policy', element: <PrivacyPolicyRoute /> },
          { path: 'legal-summary', element: <LegalSummaryRoute /> },
          { path: 'alerts/stop', element: <AlertStopRoute /> },
          { path: 'admin', element: <AdminRoute /> },
          { path: 'admin/reports', element: <AdminReportsRoute /> },
          { path: 'admin/audit-log', element: <AdminAuditLogRoute /> },
          { path: 'admin/users', element: <AdminUsersRoute /> },
          { path: 'admin/users/:userId', element: <AdminUserRoute /> },
          { path: 'login', element: <RedirectKeepingQuery to={paths.login} /> },
          { path: 'register', element: <RedirectKeepingQuery to={paths.register} /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;
let prepared: AppRouter | undefined;

/**
 * Creates the app's router ahead of its first render (boot.tsx calls it in a task of its own: matching the
 * location against every route takes a while on a slow phone); the next createAppRouter() takes that one.
 */
export function prepareAppRouter(): void {
  prepared ??= createBrowserRouter(routes);
}

export function createAppRouter(): AppRouter {
  const router = prepared ?? createBrowserRouter(routes);
  prepared = undefined;
  return router;
}
