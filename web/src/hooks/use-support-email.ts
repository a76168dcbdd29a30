import { useQuery } from '@tanstack/react-query';
import { env } from '../config/env';
import { apiGet } from '../lib/api-client';

interface PublicConfig {
  supportEmail: string;
}

/**
 * The support address: `SUPPORT_EMAIL` of the gateway (GET /api/config), so one build serves every deployment.
 * Until it arrives, or if it cannot, the build-time `VITE_SUPPORT_EMAIL` / default stands in.
 */
export function useSupportEmail(): string {
  const config = useQuery({
    queryKey: ['public-config'],
    queryFn: () => apiGet<PublicConfig>('/api/config'),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return config.data?.supportEmail?.trim() || env.supportEmail;
}
