import type { UserSelf } from '@nomadswap/contracts/responses';
import { useProfileLanguage } from '../hooks/use-profile-language';

/** useProfileLanguage as a component: the shell loads it (a chunk of its own) only for a signed-in user. */
export function ProfileLanguage({ user }: { user: UserSelf }) {
  useProfileLanguage(user);
  return null;
}
