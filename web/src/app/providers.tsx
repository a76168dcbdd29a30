import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAfterLoadIdle } from '../hooks/use-after-load-idle';
import { useFirstInteraction } from '../hooks/use-first-interaction';
import { useHasToasts } from '../hooks/use-toast';
import { createQueryClient } from '../lib/query-client';
import { FallbackBoundary } from '../components/fallback-boundary';
import { AppErrorBoundary } from './shell/error-screen';

/*
 * The toast region (Radix toast, about 13 KiB compressed with its parts) is not needed to paint a page: it loads
 * once the page has loaded and the browser is idle, or sooner with the first toast or the user's first press,
 * key or focus. A toast raised before it arrives waits in the store (hooks/use-toast) and shows when it mounts.
 * Not on intent alone (issue 25 tried it): a page that went offline before anyone touched it could not fetch the
 * chunk when its first toast came, and the failed import took the whole page down (e2e reconnect spec). Its own
 * quiet boundary keeps a failed fetch from replacing the page.
 */
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one per page load. */
  queryClient?: QueryClient;
}

/** Everything the routes rely on: error boundary, data cache, and the toast area. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const idle = useAfterLoadIdle();
  const interacted = useFirstInteraction();
  const hasToasts = useHasToasts();
  // Once mounted it stays (a toast's exit and the next one need the same region).
  const [toasterWanted, setToasterWanted] = useState(false);
  if ((idle || interacted || hasToasts) && !toasterWanted) setToasterWanted(true);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        {toasterWanted ? (
          <FallbackBoundary fallback={null}>
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </FallbackBoundary>
        ) : null}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
