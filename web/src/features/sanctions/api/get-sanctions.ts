import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sanction } from '@nomadswap/contracts/sanctions';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/users/:id/sanctions → the user's sanctions, newest first (admins only). */
export function getSanctions(userId: string): Promise<Sanction[]> {
  return apiGet<Sanction[]>(`/api/admin/users/${encodeURIComponent(userId)}/sanctions`);
}

export function sanctionsQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.admin.sanctions(userId), queryFn: () => getSanctions(userId) });
}

export function useSanctions(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...sanctionsQueryOptions(userId), enabled: options.enabled ?? true });
}
