import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useFirstInteraction } from '../hooks/use-first-interaction';
import { useHasToasts } from '../hooks/use-toast';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './shell/error-screen';

/*
 * The toast region (Radix toast, about 13 KiB compressed with its parts) is not needed to paint a page: it loads
 * with the first toast or once the user first presses, types or focuses something (issue 25: not while `/`
 * loads). A toast raised before it arrives waits in the store (hooks/use-toast) and shows when it mounts.
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
  const interacted = useFirstInteraction();
  const hasToasts = useHasToasts();
  // Once mounted it stays (a toast's exit and the next one need the same region).
  const [toasterWanted, setToasterWanted] = useState(false);
  if ((interacted || hasToasts) && !toasterWanted) setToasterWanted(true);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        {toasterWanted ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
