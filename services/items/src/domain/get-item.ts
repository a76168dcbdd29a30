import { MSG } from '@nomadswap/contracts/messages';
import type { Item } from '@nomadswap/contracts/responses';
import { ForbiddenError, NotFoundError } from '@nomadswap/service-kit/errors';
import type { ItemsCore } from '../context';
import { findItemOr404, isOwner } from './find-item';
import type { Viewer } from './item-views';
import { presentItems } from './present-items';

/**
 * Item detail (spec section 6): approved users, owners for their own items and admins; anyone else signed in
 * gets 403 'Approval Required' (code NOT_APPROVED). An inactive or paused item, or one whose owner is suspended,
 * exists only for its owner and admins.
 */
export async function getItem(core: ItemsCore, props: { viewer: Viewer; itemId: string }): Promise<Item> {
  const { viewer } = props;
  const item = await findItemOr404(core, props.itemId);
  const privileged = viewer.role === 'admin' || isOwner(item, viewer);
  // A paused item (its owner is in transit, issue 22) is hidden from others as an inactive one is.
  if ((!item.isActive || item.ownerPaused) && !privileged) throw new NotFoundError(MSG.itemNotFound);
  // An owner suspended now: their item is hidden from everyone else, as if it were not there (issue 26).
  if (!privileged && item.hiddenUntil && item.hiddenUntil > core.now()) {
    throw new NotFoundError(MSG.itemNotFound);
  }
  if (!privileged && !viewer.isApproved) {
    throw new ForbiddenError(MSG.approvalRequired, { code: 'NOT_APPROVED' });
  }
  const [view] = await presentItems(core, [item], viewer);
  return view!;
}

/** The item as its owner (or an admin) sees it right after a change. */
export async function presentItemFor(
  core: ItemsCore,
  props: { viewer: Viewer; itemId: string },
): Promise<Item> {
  const item = await findItemOr404(core, props.itemId);
  const [view] = await presentItems(core, [item], props.viewer);
  return view!;
}
