import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * Spec section 7: data is never considered stale, is not refetched on focus or polled, and nothing is
 * retried. Mutations invalidate exactly the queries they change instead. Only the health check polls
 * (it sets its own `refetchInterval`).
 */
export const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
    // Offline, a read is still tried once: the service worker may answer it from its cache (PWA).
    networkMode: 'offlineFirst',
  },
  mutations: {
    retry: false,
    // Never paused offline: the API client refuses the change at once with the offline message.
    networkMode: 'always',
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
