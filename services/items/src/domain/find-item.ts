import { MSG } from '@nomadswap/contracts/messages';
import { ForbiddenError, NotFoundError } from '@nomadswap/service-kit/errors';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import type { Viewer } from './item-views';
import { oid } from '../data/ids';

/** The stored item with this id (a validated 24-hex id) or 404 'Item not found'. */
export async function findItemOr404(core: Pick<ItemsCore, 'items'>, itemId: string): Promise<ItemRecord> {
  const item = await core.items.findById(oid(itemId)).lean<ItemRecord>();
  if (!item) throw new NotFoundError(MSG.itemNotFound);
  return item;
}

export const isOwner = (item: Pick<ItemRecord, 'userId'>, viewer: Viewer) =>
  item.userId.toHexString() === viewer.id;

/** 403 'Access Denied' unless the viewer owns the item (spec: only owners edit, delete or mark swapped). */
export function assertOwner(item: Pick<ItemRecord, 'userId'>, viewer: Viewer): void {
  if (!isOwner(item, viewer)) throw new ForbiddenError(MSG.accessDenied, { code: 'NOT_OWNER' });
}
