import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Sanction, SanctionCreateInput } from '@nomadswap/contracts/sanctions';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/users/:id/sanctions {type, days?, reason, reportId?} → 201 the sanction. */
export function createSanction({
  userId,
  ...input
}: { userId: string } & SanctionCreateInput): Promise<Sanction> {
  return apiRequest<Sanction>('POST', `/api/admin/users/${encodeURIComponent(userId)}/sanctions`, input);
}

/** What a sanction or a lift changes on the admin's screens: the user, their history, reports, the audit log. */
export function invalidateSanctionViews(queryClient: QueryClient, userId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.user(userId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.reports }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
  ]);
}

export function useCreateSanction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSanction,
    onSuccess: (sanction) => invalidateSanctionViews(queryClient, sanction.userId),
  });
}
