import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { clearAuthToken } from '../../../lib/auth-token';
import { toast } from '../../../hooks/use-toast';

/** POST /api/auth/logout: the server revokes the token. */
export function logout(): Promise<unknown> {
  return apiRequest('POST', '/api/auth/logout');
}

/**
 * Signs out: tells the server, then always forgets the session locally (token and every cached query),
 * even when the server call fails, so a signed-out device never shows the previous user's data.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();

  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearAuthToken();
      queryClient.removeQueries();
      toast({ title: t('account.loggedOutTitle'), description: t('account.loggedOutDescription') });
      void navigate('/');
    },
  });
}
