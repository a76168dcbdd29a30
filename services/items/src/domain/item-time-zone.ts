import { getPlace, matchPlace } from '@nomadswap/places/places';

/**
 * The IANA time zone of an item's city (the gazetteer's): a day picked without a time is 23:59 there. The place is
 * the one picked (`placeId`), else the one the location text names exactly; an item whose text matched no place
 * (free text kept as typed) uses UTC.
 */
export function timeZoneOfItem(item: { placeId?: string | null; location?: string | null }): string {
  const place = item.placeId ? getPlace(item.placeId) : item.location ? matchPlace(item.location) : undefined;
  return place?.timezone ?? 'UTC';
}
