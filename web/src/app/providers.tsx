import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAfterLoadIdle } from '../hooks/use-after-load-idle';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './shell/error-screen';

/*
 * The toast region (Radix toast) is not needed to paint a page: it loads once the page has loaded and the browser
 * is idle, out of the entry. A toast raised before it arrives waits in the store (hooks/use-toast) and shows when
 * it mounts.
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
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        {idle ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
