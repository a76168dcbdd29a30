import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RegisterFormSchema, type RegisterInput } from '@nomadswap/contracts/auth';
import { paths } from '../../../config/paths';
import { FieldError, FormField } from '../../../components/form-field';
import { FormLocationField, fieldOfServerError } from '../../../components/form-location-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthFormFooter, EmailField, PasswordField } from './auth-form-parts';
import { AvatarPicker } from './avatar-picker';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';

type RegisterFormValues = z.input<typeof RegisterFormSchema>;
type RegisterFormOutput = z.output<typeof RegisterFormSchema>;

const PAYLOAD_FIELDS: readonly (keyof RegisterInput)[] = [
  'fullName',
  'username',
  'email',
  'location',
  'password',
  'bio',
  'avatar',
];

const linkClass = 'font-medium text-primary underline underline-offset-2 hover:text-primary-hover';

/**
 * Create an account (spec section 2, Register): validation from the shared schema, server field errors
 * (400 details, 409 duplicates) on their fields, then sign in and `onSuccess`. A signed-in visitor is sent
 * home instead.
 */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const authForm = useAuthForm('register');
  const form = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(RegisterFormSchema),
    // Focus goes to the first invalid field on screen (useFocusFirstInvalid), not in registration order.
    shouldFocusError: false,
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      location: '',
      password: '',
      confirmPassword: '',
      bio: '',
      avatar: '',
      agreeToTerms: false,
    },
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const fullName = useWatch({ control: form.control, name: 'fullName' });

  const register = useRegister({
    onSuccess: () => {
      authForm.toastSucceeded();
      onSuccess();
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    // confirmPassword and agreeToTerms never leave the browser (spec section 5).
    const { confirmPassword: _confirm, agreeToTerms: _terms, ...payload } = values;
    register.mutate(payload, {
      onError: (error) => {
        if (isApiError(error)) {
          let first = true;
          for (const [serverField, message] of Object.entries(error.fieldErrors)) {
            const field = fieldOfServerError(serverField);
            if (!PAYLOAD_FIELDS.includes(field as keyof RegisterInput)) continue;
            form.setError(
              field as FieldPath<RegisterFormValues>,
              { type: 'server', message },
              { shouldFocus: first },
            );
            first = false;
          }
        }
        authForm.toastFailed(error);
      },
    });
  });

  const gate = authForm.gate(register.isIdle, 8);
  if (gate) return gate;

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="register-full-name" label={t('auth.fields.fullName')} error={errors.fullName?.message}>
          {(control) => (
            <Input
              {...form.register('fullName')}
              {...control}
              autoComplete="name"
              placeholder={t('auth.fields.fullNamePlaceholder')}
            />
          )}
        </FormField>
        <FormField id="register-username" label={t('auth.fields.username')} error={errors.username?.message}>
          {(control) => (
            <Input
              {...form.register('username')}
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('auth.fields.usernamePlaceholder')}
            />
          )}
        </FormField>
      </div>
      <EmailField id="register-email" registration={form.register('email')} error={errors.email?.message} />
      <FormLocationField control={form.control} id="register-location" label={t('auth.fields.location')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          id="register-password"
          registration={form.register('password')}
          error={errors.password?.message}
          autoComplete="new-password"
        />
        <PasswordField
          id="register-confirm-password"
          registration={form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
          confirm
        />
      </div>
      <FormField id="register-bio" label={t('auth.fields.bio')} error={errors.bio?.message}>
        {(control) => (
          <Textarea
            {...form.register('bio')}
            {...control}
            rows={3}
            placeholder={t('auth.fields.bioPlaceholder')}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="avatar"
        render={({ field, fieldState }) => (
          <AvatarPicker
            id="register-photo"
            label={t('profilePhoto.label')}
            name={fullName}
            value={field.value || null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            disabled={register.isPending}
          />
        )}
      />
      <Controller
        control={form.control}
        name="agreeToTerms"
        render={({ field, fieldState }) => (
          <div className="grid gap-2">
            <div className="flex items-start gap-3">
              <Checkbox
                id="register-terms"
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={fieldState.error ? 'register-terms-error' : undefined}
                className="mt-0.5"
              />
              <Label htmlFor="register-terms" className="text-sm font-normal leading-snug">
                {/* The documents open in a new tab so the half-filled form (and chosen photo) is not lost. */}
                <Trans
                  i18nKey="auth.register.terms"
                  components={{
                    terms: (
                      <Link
                        to={`${paths.communityRules}?tab=terms`}
                        target="_blank"
                        rel="noopener"
                        className={linkClass}
                      />
                    ),
                    privacy: <Link to={paths.privacy} target="_blank" rel="noopener" className={linkClass} />,
                    summary: (
                      <Link to={paths.legalSummary} target="_blank" rel="noopener" className={linkClass} />
                    ),
                  }}
                />
              </Label>
            </div>
            <FieldError id="register-terms-error" message={fieldState.error?.message} />
          </div>
        )}
      />
      <AuthFormFooter flow="register" pending={register.isPending} />
    </form>
  );
}
