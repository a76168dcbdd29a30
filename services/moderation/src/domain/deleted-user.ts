import { MSG } from '@nomadswap/contracts/messages';

/** How a person whose account is gone is named. */
export const DELETED_USER = MSG.deletedUser;
