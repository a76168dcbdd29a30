import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ProfileUpdateSchema } from '@nomadswap/contracts/auth';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { FormField } from '../../../components/form-field';
import { FormLocationField, fieldOfServerError } from '../../../components/form-location-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { AvatarPicker } from './avatar-picker';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';

type ProfileFormValues = z.input<typeof ProfileUpdateSchema>;
type ProfileFormOutput = z.output<typeof ProfileUpdateSchema>;

const PROFILE_FIELDS: readonly string[] = ['fullName', 'location', 'bio'];

/**
 * Edit Profile (spec section 2, Profile): full name, location (with detection), bio, and a new photo. The
 * text fields go to PUT /api/users/:id; a new photo, when chosen, to POST /api/users/:id/avatar.
 */
export function EditProfileForm({ user, onDone }: { user: UserSelf; onDone: () => void }) {
  const { t } = useTranslation();
  const [newAvatar, setNewAvatar] = useState<string | null>(null);
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileUpdateSchema),
    // Focus goes to the first invalid field on screen (useFocusFirstInvalid), not in registration order.
    shouldFocusError: false,
    defaultValues: {
      fullName: user.fullName,
      location: user.location,
      placeId: user.placeId ?? undefined,
      bio: user.bio,
    },
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const saving = updateProfile.isPending || uploadAvatar.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync({ userId: user.id, data: values });
      if (newAvatar) await uploadAvatar.mutateAsync({ userId: user.id, avatar: newAvatar });
    } catch (error) {
      if (isApiError(error)) {
        for (const [serverField, message] of Object.entries(error.fieldErrors)) {
          const field = fieldOfServerError(serverField);
          if (PROFILE_FIELDS.includes(field)) {
            form.setError(field as FieldPath<ProfileFormValues>, { type: 'server', message });
          }
        }
      }
      toast({
        title: t('profile.edit.failedTitle'),
        description: errorText(t, error, t('profile.edit.failedDescription')),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: t('profile.edit.successTitle'),
      description: t('profile.edit.successDescription'),
      variant: 'success',
    });
    onDone();
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{t('profile.edit.title')}</h2>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          <AvatarPicker
            id="profile-photo"
            label={t('profilePhoto.label')}
            name={user.fullName}
            value={newAvatar ?? user.avatar}
            onChange={setNewAvatar}
            disabled={saving}
          />
          <FormField
            id="profile-full-name"
            label={t('auth.fields.fullName')}
            error={errors.fullName?.message}
          >
            {(control) => <Input {...form.register('fullName')} {...control} autoComplete="name" />}
          </FormField>
          <FormLocationField control={form.control} id="profile-location" label={t('auth.fields.location')} />
          <FormField id="profile-bio" label={t('auth.fields.bio')} error={errors.bio?.message}>
            {(control) => <Textarea {...form.register('bio')} {...control} rows={4} />}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onDone} disabled={saving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t('profile.edit.saving') : t('profile.edit.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
