import type { Role } from '@nomadswap/contracts/enums';

/** The signed-in caller as the use-cases see them. */
export interface Viewer {
  id: string;
  role: Role;
  isApproved: boolean;
}
