import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from './password-input';

/** The e-mail field of the login and register forms. */
export function EmailField(props: { id: string; registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  return (
    <FormField id={props.id} label={t('auth.fields.email')} error={props.error}>
      {(control) => (
        <Input
          {...props.registration}
          {...control}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth.fields.emailPlaceholder')}
        />
      )}
    </FormField>
  );
}

/**
 * A password field with its show/hide toggle. `confirm` is the register form's second entry: its own label and
 * toggle names, so a screen reader tells the two apart.
 */
export function PasswordField(props: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  confirm?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id={props.id}
      label={props.confirm ? t('auth.fields.confirmPassword') : t('auth.fields.password')}
      error={props.error}
    >
      {(control) => (
        <PasswordInput
          {...props.registration}
          {...control}
          autoComplete={props.autoComplete}
          showLabel={props.confirm ? t('auth.showConfirmPassword') : t('auth.showPassword')}
          hideLabel={props.confirm ? t('auth.hideConfirmPassword') : t('auth.hidePassword')}
        />
      )}
    </FormField>
  );
}

/** Where each form links to: the other one. */
const OTHER_FORM = {
  login: { prompt: 'auth.login.noAccount', link: 'auth.login.registerLink', to: paths.register },
  register: { prompt: 'auth.register.haveAccount', link: 'auth.register.loginLink', to: paths.login },
} as const;

/** The submit button and the link to the other form ("No account yet? Register" / "Have one? Log in"). */
export function AuthFormFooter({ flow, pending }: { flow: 'login' | 'register'; pending: boolean }) {
  const { t } = useTranslation();
  const other = OTHER_FORM[flow];
  return (
    <>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t(`auth.${flow}.submitting`) : t(`auth.${flow}.submit`)}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t(other.prompt)}{' '}
        <Link to={other.to} className="font-semibold text-primary underline-offset-4 hover:underline">
          {t(other.link)}
        </Link>
      </p>
    </>
  );
}
