import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@nomadswap/contracts/auth';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /api/users/:id with exactly fullName, location, the picked city's placeId (when one was picked), bio, stay
 * and the chosen language (when one is being chosen; the server refuses any other field).
 */
export function updateProfile({
  userId,
  data,
}: {
  userId: string;
  data: ProfileUpdateInput;
}): Promise<UserSelf> {
  return apiRequest<UserSelf>('PUT', `/api/users/${encodeURIComponent(userId)}`, {
    fullName: data.fullName,
    location: data.location,
    placeId: data.placeId,
    bio: data.bio,
    // Left out (undefined) keeps the stay; null clears it (issue 22).
    stay: data.stay,
    inTransit: data.inTransit,
    language: data.language,
  });
}

/** The answer is the updated user: it replaces the cached current user and that user's profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
    },
  });
}
