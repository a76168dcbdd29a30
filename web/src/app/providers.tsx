import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { AppErrorBoundary } from './shell/error-screen';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one per page load. */
  queryClient?: QueryClient;
}

/**
 * Everything the routes rely on: error boundary, data cache, and the toast region. The region is our own and
 * small (issue 25): it is in the app's chunk and renders with the page, so there is nothing to fetch when the
 * first toast comes — not even on a page that went offline before anyone touched it.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
