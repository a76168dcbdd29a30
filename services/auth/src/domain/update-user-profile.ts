import type { ProfileUpdateInput } from '@nomadswap/contracts/auth';
import { MSG } from '@nomadswap/contracts/messages';
import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthUser } from '@nomadswap/service-kit/auth';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import { storedLocation } from '@nomadswap/service-kit/places';
import type { AuthContext } from '../context';
import { writeUserChange } from '../events/publish-user-events';
import { assertSelf } from './assert-self';
import { resolveStay } from './resolve-stay';
import { toUserSelf } from './present-user';

/**
 * A user edits their own name, location, bio and language (the strict schema has already refused every other field).
 * The location is stored as its city when it names one (a picked `placeId`, or text matched: issue 22).
 * A bio, a language, a stay or travelling mode (`inTransit`) left out stays as it was; a null stay clears it.
 */
export async function updateUserProfile(
  ctx: AuthContext,
  props: { viewer: AuthUser; userId: string; changes: ProfileUpdateInput },
): Promise<UserSelf> {
  assertSelf(props.viewer, props.userId);
  const { fullName, bio, inTransit, language } = props.changes;
  const stay = props.changes.stay && resolveStay(ctx.now(), props.changes.stay);
  const fields = {
    fullName,
    ...storedLocation(props.changes),
    ...(bio === undefined ? {} : { bio }),
    ...(inTransit === undefined ? {} : { inTransit }),
    ...(language === undefined ? {} : { language }),
  };
  const changes = { ...fields, ...(stay === undefined ? {} : { stay }) };
  // Once written, the user matches these fields (a later edit announces itself); a stay by its end, since a
  // sub-document matches only field for field in stored order.
  const exists = {
    ...fields,
    ...(stay === undefined ? {} : stay ? { 'stay.until': stay.until } : { stay: null }),
  };
  const user = await writeUserChange(ctx, 'user.updated', { userId: props.userId, exists }, () =>
    ctx.users.update(props.userId, changes),
  );
  if (!user) throw new NotFoundError(MSG.userNotFound);
  return toUserSelf(user);
}
