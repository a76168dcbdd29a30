import type { CurrentSanction } from '@nomadswap/contracts/sanctions';
import type { Role } from '@nomadswap/contracts/enums';

/** The signed-in caller as the use-cases see them. */
export interface Viewer {
  id: string;
  role: Role;
  isApproved: boolean;
  /** The restriction in force, where the caller's state was read with it (sockets; issue 26). */
  sanction?: CurrentSanction | null;
}
