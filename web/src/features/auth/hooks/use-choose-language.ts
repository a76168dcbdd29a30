import { useCallback } from 'react';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { chooseLanguage, type Language } from '../../../i18n';
import { useCurrentUser } from '../api/get-current-user';
import { useUpdateProfile } from '../api/update-profile';

/** The PUT that changes only the language: the rest of the profile is sent back as it is. */
export function languageChange(user: UserSelf, language: Language) {
  return {
    userId: user.id,
    data: {
      fullName: user.fullName,
      location: user.location,
      placeId: user.placeId ?? undefined,
      bio: user.bio,
      language,
    },
  };
}

/**
 * Switches the app's language (the switchers in the footer and the account menu): kept on this device, and on a
 * signed-in user's profile, so their other devices and the e-mails the services send them follow it. The app
 * switches even when the profile cannot be saved (offline): the device keeps the choice.
 */
export function useChooseLanguage() {
  const { user } = useCurrentUser();
  const { mutate } = useUpdateProfile();
  return useCallback(
    (language: Language) => {
      void chooseLanguage(language);
      if (user && user.language !== language) mutate(languageChange(user, language));
    },
    [user, mutate],
  );
}
