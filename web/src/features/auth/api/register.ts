import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@nomadswap/contracts/auth';
import type { AuthResponse, UserSelf } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from './start-session';

/**
 * POST /api/auth/register → 201 with token and the new (pending) user. 400 with per-field details, 409 when
 * the username or e-mail is taken (details name the field), 429 when this network registers too often.
 */
export function registerAccount(input: RegisterInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/register', input);
}

/** Creates the account and signs in with it; `onSuccess` runs after the session started. */
export function useRegister({ onSuccess }: { onSuccess?: (user: UserSelf) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAccount,
    onSuccess: (response) => {
      startSession(queryClient, response);
      onSuccess?.(response.user);
    },
  });
}
