import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginSchema, type LoginInput } from '@nomadswap/contracts/auth';
import { paths } from '../../../config/paths';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { clearSuspensionNotice } from '../../../lib/account-suspended';
import { errorMessage } from '../../../lib/api-client';
import { messageText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useCurrentUser } from '../api/get-current-user';
import { useLogin } from '../api/login';
import { AuthFormSkeleton } from './auth-form-skeleton';
import { PasswordInput } from './password-input';

/**
 * Email and password (spec section 2, Login). `onSuccess` decides where to go once signed in. Someone who
 * is already signed in is sent home instead.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const currentUser = useCurrentUser();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const login = useLogin({
    onSuccess: () => {
      clearSuspensionNotice();
      toast({
        title: t('auth.login.successTitle'),
        description: t('auth.login.successDescription'),
        variant: 'success',
      });
      onSuccess();
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        toast({
          title: t('auth.login.failedTitle'),
          description: messageText(t, errorMessage(error, t('auth.login.failedDescription'))),
          variant: 'destructive',
        });
      },
    }),
  );

  // Only before this form submitted: its own success signs the user in and navigates by itself.
  if (login.isIdle && currentUser.user) return <Navigate to={paths.home} replace />;
  if (login.isIdle && currentUser.isLoading) return <AuthFormSkeleton fields={2} />;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <FormField id="login-email" label={t('auth.fields.email')} error={errors.email?.message}>
        {(control) => (
          <Input
            {...form.register('email')}
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('auth.fields.emailPlaceholder')}
          />
        )}
      </FormField>
      <FormField id="login-password" label={t('auth.fields.password')} error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...form.register('password')}
            {...control}
            autoComplete="current-password"
            showLabel={t('auth.showPassword')}
            hideLabel={t('auth.hidePassword')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.login.noAccount')}{' '}
        <Link to={paths.register} className="font-semibold text-primary underline-offset-4 hover:underline">
          {t('auth.login.registerLink')}
        </Link>
      </p>
    </form>
  );
}
