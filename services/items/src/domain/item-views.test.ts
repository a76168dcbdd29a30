import { describe, expect, it } from 'vitest';
import {
  canSeeAllPhotos,
  imageIdFromUrl,
  imageUrl,
  reservedForSeenBy,
  seesFullItem,
  toItem,
  toItemCard,
  toItemEventData,
  toUserSummary,
  type ItemViewSource,
  type OwnerViewSource,
  type Viewer,
} from './item-views';
import { oid } from '../data/ids';

/** What each viewer sees of an item, without stores (issue 21); the items routes' tests see it through the app. */
const id = (n: number) => oid(n.toString(16).padStart(24, '0'));
const hex = (n: number) => id(n).toHexString();
const AT = new Date('2030-01-01T10:00:00.000Z');
const OWNER = 1;
const REQUESTER = 2;

const photo = (n: number, state: 'processing' | 'ready' | 'failed') => ({
  _id: id(n),
  state,
  error: null,
  createdAt: AT,
});
const item = (overrides: Partial<ItemViewSource> = {}): ItemViewSource => ({
  _id: id(100),
  title: 'Tent',
  description: 'Two-person tent',
  category: 'Travel Gear',
  condition: 'good',
  location: 'Bali',
  placeId: null,
  userId: id(OWNER),
  isActive: true,
  isSwapped: false,
  preferredExchange: 'Books',
  reservedFor: null,
  availableUntil: null,
  expiredAt: null,
  photos: [photo(201, 'processing'), photo(202, 'ready'), photo(203, 'failed'), photo(204, 'ready')],
  version: 7,
  createdAt: AT,
  ...overrides,
});
const owner: OwnerViewSource = {
  _id: id(OWNER),
  fullName: 'Ana Nomad',
  username: 'ana',
  avatar: '/api/avatars/1',
  rating: 4.5,
  reviewCount: 2,
  deleted: false,
};
const viewer = (n: number, more: Partial<Viewer> = {}): Viewer => ({
  id: hex(n),
  role: 'user',
  isApproved: true,
  ...more,
});
const admin = viewer(9, { role: 'admin', isApproved: false });
const unapproved = viewer(8, { isApproved: false });

describe('image URLs', () => {
  it('a variant is served at /api/images/<id>?size=…', () => {
    expect(imageUrl(id(202), 'thumb')).toBe(`/api/images/${hex(202)}?size=thumb`);
    expect(imageUrl(hex(202), 'full')).toBe(`/api/images/${hex(202)}?size=full`);
  });

  it('an image id is read back from such a URL only', () => {
    for (const tail of ['', '?size=full', '/x', '#y']) {
      expect(imageIdFromUrl(`/api/images/${hex(202)}${tail}`), tail).toBe(hex(202));
    }
    expect(imageIdFromUrl(`/API/IMAGES/${hex(202).toUpperCase()}`)).toBe(hex(202));
    for (const url of [`/x/api/images/${hex(202)}`, `/api/images/${hex(202)}x`, '/api/images/123', '']) {
      expect(imageIdFromUrl(url), url).toBeNull();
    }
  });
});

describe('who sees what', () => {
  it('whom it is reserved for: the owner, that requester and admins are told; others and visitors are not', () => {
    const reserved = item({ reservedFor: id(REQUESTER) });
    expect(reservedForSeenBy(reserved, viewer(OWNER))).toBe(hex(REQUESTER));
    expect(reservedForSeenBy(reserved, viewer(REQUESTER))).toBe(hex(REQUESTER));
    expect(reservedForSeenBy(reserved, admin)).toBe(hex(REQUESTER));
    expect(reservedForSeenBy(reserved, viewer(3))).toBeNull();
    expect(reservedForSeenBy(reserved, undefined)).toBeNull();
    expect(reservedForSeenBy(item(), viewer(OWNER))).toBeNull();
  });

  it('every photo with its state: the owner and admins only', () => {
    expect([viewer(OWNER), admin, viewer(3), undefined].map((v) => canSeeAllPhotos(item(), v))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('the full item in a listing: approved users, admins and the owner; not visitors or the unapproved', () => {
    const own = viewer(OWNER, { isApproved: false });
    expect([viewer(3), admin, own, unapproved, undefined].map((v) => seesFullItem(item(), v))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('toUserSummary', () => {
  it('the public summary; a deleted or missing owner is null; no rating yet is 0', () => {
    expect(toUserSummary(owner)).toEqual({
      id: hex(OWNER),
      fullName: 'Ana Nomad',
      username: 'ana',
      avatar: '/api/avatars/1',
      rating: 4.5,
      reviewCount: 2,
    });
    expect(toUserSummary({ ...owner, deleted: true })).toBeNull();
    expect(toUserSummary(null)).toBeNull();
    expect(toUserSummary(undefined)).toBeNull();
    const fresh = { ...owner, avatar: undefined, rating: undefined, reviewCount: undefined } as never;
    expect(toUserSummary(fresh)).toMatchObject({ avatar: null, rating: 0, reviewCount: 0 });
  });
});

describe('toItem', () => {
  const ready = (n: number) => ({
    id: hex(n),
    state: 'ready',
    thumb: `/api/images/${hex(n)}?size=thumb`,
    full: `/api/images/${hex(n)}?size=full`,
  });

  it('others see the ready photos only, and no one it is reserved for', () => {
    expect(toItem(item({ reservedFor: id(REQUESTER) }), { owner, viewer: viewer(3) })).toEqual({
      id: hex(100),
      title: 'Tent',
      description: 'Two-person tent',
      category: 'Travel Gear',
      condition: 'good',
      images: [`/api/images/${hex(202)}?size=full`, `/api/images/${hex(204)}?size=full`],
      photos: [ready(202), ready(204)],
      location: 'Bali',
      placeId: null,
      userId: hex(OWNER),
      isActive: true,
      isSwapped: false,
      isReserved: true,
      reservedFor: null,
      preferredExchange: 'Books',
      availableUntil: null,
      expiredAt: null,
      createdAt: AT.toISOString(),
      user: toUserSummary(owner),
    });
  });

  it('the owner sees every photo with its state; images stay the ready ones', () => {
    const view = toItem(item(), { owner, viewer: viewer(OWNER), isFavorited: false });
    expect(view.photos).toEqual([
      { id: hex(201), state: 'processing', thumb: null, full: null },
      ready(202),
      { id: hex(203), state: 'failed', thumb: null, full: null },
      ready(204),
    ]);
    expect(view.images).toEqual([`/api/images/${hex(202)}?size=full`, `/api/images/${hex(204)}?size=full`]);
    expect(view).toMatchObject({ isReserved: false, reservedFor: null, isFavorited: false });
  });

  it('says whether it is a favourite only when asked; no preference is null', () => {
    expect(toItem(item(), { owner, viewer: viewer(3) })).not.toHaveProperty('isFavorited');
    expect(toItem(item(), { owner, viewer: viewer(3), isFavorited: true }).isFavorited).toBe(true);
    expect(
      toItem(item({ preferredExchange: undefined as never }), { owner: null, viewer: undefined }),
    ).toMatchObject({
      preferredExchange: null,
      user: null,
    });
  });
});

describe('toItemCard and toItemEventData', () => {
  it('a card: the first ready photo’s thumbnail, the owner as the card shows them', () => {
    expect(toItemCard(item({ reservedFor: id(REQUESTER) }), owner)).toEqual({
      id: hex(100),
      title: 'Tent',
      description: 'Two-person tent',
      category: 'Travel Gear',
      condition: 'good',
      location: 'Bali',
      placeId: null,
      availableUntil: null,
      cover: `/api/images/${hex(202)}?size=thumb`,
      isReserved: true,
      user: { fullName: 'Ana Nomad', avatar: '/api/avatars/1', rating: 4.5, reviewCount: 2 },
    });
    expect(toItemCard(item({ photos: [photo(201, 'processing')] }), null)).toMatchObject({
      cover: null,
      isReserved: false,
      user: null,
    });
  });

  it('an event: enough for chats and reports to show the item', () => {
    expect(toItemEventData(item({ isSwapped: true }))).toEqual({
      id: hex(100),
      userId: hex(OWNER),
      title: 'Tent',
      image: `/api/images/${hex(202)}?size=thumb`,
      isSwapped: true,
      version: 7,
    });
    expect(toItemEventData(item({ photos: [] })).image).toBeNull();
  });
});
