import type { ItemQuery } from '@nomadswap/contracts/items';
import { LIMITS } from '@nomadswap/contracts/enums';
import type { ListedItem } from '@nomadswap/contracts/responses';
import { getPlaceOr400 } from '@nomadswap/service-kit/places';
import { matchPlace, placeIdsWithin } from '@nomadswap/places/places';
import type { ItemsCore } from '../context';
import { notHiddenAt, type ItemRecord } from '../data/item';
import {
  afterDeadline,
  afterPosition,
  decodeCursor,
  decodeLeavingSoonCursor,
  encodeCursor,
  encodeDeadlineCursor,
} from './item-cursor';
import { seesFullItem, toItemCard, type Viewer } from './item-views';
import { loadOwners, presentItems, type OwnersById } from './present-items';
import { oid, op } from '../data/ids';

export const DEFAULT_PAGE_SIZE = 60;

export interface ItemPage {
  /** Full items for approved users, admins and owners; cards for visitors and unapproved users. */
  items: ListedItem[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** Case-insensitive "contains" on user input, with every regex metacharacter escaped. */
export function containsText(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/**
 * Where a listing looks (issue 22): a picked place (`placeId`), or the place a `location` text names ('Lisboa',
 * a preset city, an old link) — that city's items, or with `withinKm` those of every city whose centre is that
 * close (a list of ids: no geo index needed). Rows whose text matches still count, so old free-text rows and
 * texts that name no city ('Bali') work as before. A `placeId` the gazetteer does not know is a 400.
 */
export function placeFilter(query: {
  location?: string;
  placeId?: string;
  withinKm?: number;
  /** The place ids items have (a superset will do): the radius's ids are narrowed to these. */
  stockedPlaceIds?: ReadonlySet<string>;
}): Record<string, unknown> | undefined {
  const place = query.placeId
    ? getPlaceOr400(query.placeId)
    : query.location
      ? matchPlace(query.location)
      : undefined;
  const byPlace = place && {
    // Our own operator over ids from the gazetteer: trusted past sanitizeFilter.
    placeId: query.withinKm ? op({ $in: idsWithin(place.id, query) }) : place.id,
  };
  if (query.placeId) return byPlace;
  if (!query.location) return undefined;
  const byText = { location: containsText(query.location) };
  return byPlace ? { $or: [byPlace, byText] } : byText;
}

/**
 * The ids of the places within the radius, narrowed to those items have: the engine checks each item against
 * every id of an `$in` (124 ids around Lisbon at 50 km cost it 5–7× a single id; bench/items.ts), and items are
 * in a few hundred cities, not 112,000.
 */
function idsWithin(
  id: string,
  query: { withinKm?: number; stockedPlaceIds?: ReadonlySet<string> },
): string[] {
  const ids = placeIdsWithin(id, query.withinKm!);
  const stocked = query.stockedPlaceIds;
  return stocked ? ids.filter((near) => stocked.has(near)) : ids;
}

/** Available: active, not swapped, not expired — and not paused by its owner's travelling mode (issue 22). */
const AVAILABLE = { isActive: true, isSwapped: false, expiredAt: null } as const;
/** Items stored before travelling mode have no `ownerPaused`: they are not paused. */
export const NOT_PAUSED = () => op({ $ne: true });

/**
 * The filter of a listing. Without `includeUnavailable` only available items (active, not swapped, not expired)
 * match; where is {@link placeFilter}'s ('Lisbon' also finds 'Lisbon, Portugal' by text); `q` searches title,
 * description and location, or only title and description with `searchLocation: false` (visitors, who may not
 * filter by location: a `q` reaching `location` would be that filter under another name).
 */
export function itemFilter(query: {
  category?: string;
  location?: string;
  placeId?: string;
  withinKm?: number;
  stockedPlaceIds?: ReadonlySet<string>;
  userId?: string;
  q?: string;
  cursor?: string;
  includeUnavailable?: boolean;
  searchLocation?: boolean;
  /** The clock an owner's suspension is compared with (issue 26); without it, suspensions hide nothing. */
  now?: Date;
}): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  if (!query.includeUnavailable) {
    and.push({ ...AVAILABLE, ownerPaused: NOT_PAUSED() });
    if (query.now) and.push(notHiddenAt(query.now));
  }
  if (query.userId) and.push({ userId: oid(query.userId) });
  if (query.category) and.push({ category: query.category });
  const where = placeFilter(query);
  if (where) and.push(where);
  if (query.q) {
    const text = containsText(query.q);
    const fields =
      query.searchLocation === false ? ['title', 'description'] : ['title', 'description', 'location'];
    and.push({ $or: fields.map((field) => ({ [field]: text })) });
  }
  if (query.cursor) and.push(afterPosition(decodeCursor(query.cursor)));
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
}

/**
 * Browse (spec sections 2 and 6): newest first, or leaving soon (issue 22), a page at a time. Visitors get a preview of at most 6 items and
 * no location filter (nor another user's list or further pages). Swapped and inactive items are left out unless
 * a user lists their own items, or an admin lists a user's.
 */
export async function listItems(
  core: ItemsCore,
  props: { viewer: Viewer | undefined; query: ItemQuery },
): Promise<ItemPage> {
  const { viewer } = props;
  const { category, location, placeId, withinKm, userId, q, cursor } = props.query;
  const sort = props.query.sort ?? 'newest';
  // What a visitor may ask: a preview by category or by text in titles and descriptions, nothing more. The
  // criteria are the cache key too: every parameter that changes the page is in it.
  const criteria = viewer
    ? { category, location, placeId, withinKm, userId, q, cursor, sort }
    : { category, q, sort, searchLocation: false as const };
  const limit = viewer
    ? (props.query.limit ?? DEFAULT_PAGE_SIZE)
    : Math.min(props.query.limit ?? LIMITS.visitorPreviewItems, LIMITS.visitorPreviewItems);
  const includeUnavailable = !!viewer && !!userId && (userId === viewer.id || viewer.role === 'admin');
  const now = core.now();

  // The page (records and owners) is the same for every viewer asking the same; only favourites and photo
  // visibility depend on who asks, and they are applied afterwards.
  const cacheKey = JSON.stringify(['list', criteria, includeUnavailable, limit]);
  const generation = await core.listings.generation();
  const page = await core.listings.getOrLoad<CachedPage>(cacheKey, generation, async () => {
    const radius = 'withinKm' in criteria && criteria.withinKm;
    const stockedPlaceIds = radius ? await stockedPlaces(core, generation) : undefined;
    const { items, nextCursor } =
      sort === 'leaving-soon'
        ? await loadLeavingSoon(core, {
            filter: itemFilter({ ...criteria, cursor: undefined, includeUnavailable, stockedPlaceIds, now }),
            cursor: 'cursor' in criteria ? criteria.cursor : undefined,
            limit,
          })
        : await loadNewest(core, {
            filter: itemFilter({ ...criteria, includeUnavailable, stockedPlaceIds, now }),
            limit,
          });
    return { items, owners: await loadOwners(core, items), nextCursor };
  });
  const full = await presentItems(
    core,
    page.items.filter((item) => seesFullItem(item, viewer)),
    viewer,
    { owners: page.owners },
  );
  const fullById = new Map(full.map((item) => [item.id, item]));
  return {
    items: page.items.map(
      (item) =>
        fullById.get(item._id.toHexString()) ?? toItemCard(item, page.owners.get(item.userId.toHexString())),
    ),
    nextCursor: viewer ? page.nextCursor : null,
  };
}

type Records = { items: ItemRecord[]; nextCursor: string | null };

const both = (...parts: Record<string, unknown>[]) => ({
  $and: parts.filter((part) => Object.keys(part).length > 0),
});

/** Newest first (the default order). */
async function loadNewest(
  core: Pick<ItemsCore, 'items'>,
  props: { filter: Record<string, unknown>; limit: number },
): Promise<Records> {
  const records = await core.items
    .find(props.filter)
    .sort({ createdAt: -1, _id: -1 })
    .limit(props.limit + 1)
    .lean<ItemRecord[]>();
  const items = records.slice(0, props.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: records.length > props.limit && last ? encodeCursor(last) : null };
}

/**
 * Leaving soon: the items with a deadline, the nearest first (then by id), followed by those without one, newest
 * first. Two indexed queries in turn; a page may span both. The cursor says which part the page ended in: a
 * deadline cursor continues the first part (then the second from its start), a newest-first one the second.
 */
async function loadLeavingSoon(
  core: Pick<ItemsCore, 'items'>,
  props: { filter: Record<string, unknown>; cursor: string | undefined; limit: number },
): Promise<Records> {
  const position = props.cursor ? decodeLeavingSoonCursor(props.cursor) : null;
  const records: ItemRecord[] = [];
  if (!position || 'deadline' in position) {
    const dated = await core.items
      .find(
        both(
          props.filter,
          { availableUntil: op({ $ne: null }) },
          position ? afterDeadline(position.deadline) : {},
        ),
      )
      .sort({ availableUntil: 1, _id: 1 })
      .limit(props.limit + 1)
      .lean<ItemRecord[]>();
    records.push(...dated);
  }
  if (records.length <= props.limit) {
    const undated = await core.items
      .find(
        both(
          props.filter,
          { availableUntil: null },
          position && 'newest' in position ? afterPosition(position.newest) : {},
        ),
      )
      .sort({ createdAt: -1, _id: -1 })
      .limit(props.limit + 1 - records.length)
      .lean<ItemRecord[]>();
    records.push(...undated);
  }
  const items = records.slice(0, props.limit);
  const last = items[items.length - 1];
  if (records.length <= props.limit || !last) return { items, nextCursor: null };
  return {
    items,
    nextCursor: last.availableUntil
      ? encodeDeadlineCursor({ availableUntil: last.availableUntil, _id: last._id })
      : encodeCursor(last),
  };
}

interface CachedPage {
  items: ItemRecord[];
  owners: OwnersById;
  nextCursor: string | null;
}

/** Every place id an item has (any state), cached like the pages: until the next write. */
async function stockedPlaces(core: ItemsCore, generation: string | null): Promise<ReadonlySet<string>> {
  const ids = await core.listings.getOrLoad(JSON.stringify(['stocked-places']), generation, () =>
    core.items.distinct('placeId'),
  );
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
