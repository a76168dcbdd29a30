import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema, type LoginInput } from '@nomadswap/contracts/auth';
import { clearSuspensionNotice } from '../../../lib/account-suspended';
import { useLogin } from '../api/login';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthFormFooter, EmailField, PasswordField } from './auth-form-parts';

/**
 * Email and password (spec section 2, Login). `onSuccess` decides where to go once signed in. Someone who
 * is already signed in is sent home instead.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const authForm = useAuthForm('login');
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const login = useLogin({
    onSuccess: () => {
      clearSuspensionNotice();
      authForm.toastSucceeded();
      onSuccess();
    },
  });

  const onSubmit = form.handleSubmit((values) => login.mutate(values, { onError: authForm.toastFailed }));

  const gate = authForm.gate(login.isIdle, 2);
  if (gate) return gate;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <EmailField id="login-email" registration={form.register('email')} error={errors.email?.message} />
      <PasswordField
        id="login-password"
        registration={form.register('password')}
        error={errors.password?.message}
        autoComplete="current-password"
      />
      <AuthFormFooter flow="login" pending={login.isPending} />
    </form>
  );
}
