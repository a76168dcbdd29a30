import type { Role } from '@nomadswap/contracts/enums';

/** The caller as the use-cases see them (undefined: a visitor). */
export interface Viewer {
  id: string;
  role: Role;
  isApproved: boolean;
}
