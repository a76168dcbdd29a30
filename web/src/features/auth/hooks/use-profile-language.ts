import { useEffect } from 'react';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { chooseLanguage, currentLanguage, storedLanguage } from '../../../i18n';
import { useUpdateProfile } from '../api/update-profile';
import { languageChange } from './use-choose-language';

/**
 * A signed-in user's language follows their profile (chosen on another device): the app switches to it and
 * keeps it on this device. A profile without a choice takes the one this device made as a visitor, so e-mails
 * come in the language the user has been reading. Run once, by the app shell (through ProfileLanguage).
 */
export function useProfileLanguage(user: UserSelf | null) {
  const { mutate } = useUpdateProfile();
  const profileLanguage = user ? user.language : undefined;
  useEffect(() => {
    if (!user || profileLanguage === undefined) return;
    if (profileLanguage !== null) {
      if (profileLanguage !== currentLanguage() || storedLanguage() !== profileLanguage)
        void chooseLanguage(profileLanguage);
      return;
    }
    const stored = storedLanguage();
    if (stored) mutate(languageChange(user, stored));
    // Only a change of the profile's language (or of who is signed in) calls for this, not every user update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, profileLanguage, mutate]);
}
