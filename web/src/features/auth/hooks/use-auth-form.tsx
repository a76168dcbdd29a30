import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { toast } from '../../../hooks/use-toast';
import { errorText } from '../../../i18n/message-text';
import { useCurrentUser } from '../api/get-current-user';
import { AuthFormSkeleton } from '../components/auth-form-skeleton';

type AuthFlow = 'login' | 'register';

/**
 * What the login and register forms share around their fields: the toasts of the flow's outcome, and the gate
 * that sends a signed-in visitor home (or shows a skeleton while the stored token is checked). The gate applies
 * only before the form submitted (`isIdle`): its own success signs the user in and navigates by itself.
 */
export function useAuthForm(flow: AuthFlow) {
  const { t } = useTranslation();
  const currentUser = useCurrentUser();
  return {
    toastSucceeded: () =>
      toast({
        title: t(`auth.${flow}.successTitle`),
        description: t(`auth.${flow}.successDescription`),
        variant: 'success',
      }),
    toastFailed: (error: unknown) =>
      toast({
        title: t(`auth.${flow}.failedTitle`),
        description: errorText(t, error, t(`auth.${flow}.failedDescription`)),
        variant: 'destructive',
      }),
    gate: (isIdle: boolean, skeletonFields: number): ReactElement | null => {
      if (isIdle && currentUser.user) return <Navigate to={paths.home} replace />;
      if (isIdle && currentUser.isLoading) return <AuthFormSkeleton fields={skeletonFields} />;
      return null;
    },
  };
}
