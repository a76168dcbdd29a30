import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@nomadswap/contracts/auth';
import type { AuthResponse, UserSelf } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from './start-session';

/** POST /api/auth/login. 401 'Invalid email or password'; 429 when too many attempts failed. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/login', input);
}

/** Logs in and starts the session; `onSuccess` runs after the user is cached and the token stored. */
export function useLogin({ onSuccess }: { onSuccess?: (user: UserSelf) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      startSession(queryClient, response);
      onSuccess?.(response.user);
    },
  });
}
