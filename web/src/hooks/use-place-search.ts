import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLACE_LIMITS } from '@nomadswap/contracts/place-limits';
import type { Place } from '@nomadswap/contracts/places';
import { apiGet } from '../lib/api-client';

/** Fewer letters than this match too many cities to help; the picker asks nothing until then. */
export const PLACE_SEARCH_MIN_CHARS = 2;
/** Typing pauses this long before a search goes out, so a word typed quickly is one request. */
export const PLACE_SEARCH_DEBOUNCE_MS = 150;

/** GET /api/places?q=: cities whose names (or local and alternate names) start like `q`, best first. */
export function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return apiGet<Place[]>('/api/places', { q }, signal);
}

export function placeSearchQueryOptions(q: string) {
  return queryOptions({
    // Case and surrounding spaces do not change the answer, so they share one cache entry.
    queryKey: ['places', 'search', q.trim().toLocaleLowerCase()] as const,
    queryFn: ({ signal }) => searchPlaces(q.trim(), signal),
    // The gazetteer changes with a deploy, not while someone types.
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

/**
 * Suggestions for what is typed in a city picker, once typing pauses. Each text has its own cache entry and a
 * request made for an older text is cancelled, so suggestions never belong to a text no longer in the field.
 * Nothing is asked for short text, for text longer than the API's search limit (no city name is that long: the
 * text is saved as typed), or while the suggestions are not wanted (`enabled` false). `searchable` says whether
 * the text is one the picker searches for.
 */
export function usePlaceSearch(text: string, enabled: boolean) {
  const q = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const searchable = isSearchable(text.trim());
  const wanted = enabled && isSearchable(q);
  const query = useQuery({ ...placeSearchQueryOptions(q), enabled: wanted });
  // While the debounce runs, the answer (if any) is for the previous text: it is not shown as this one's.
  const settled = q === text.trim();
  return { query, wanted, settled, searchable };
}

const isSearchable = (q: string) => q.length >= PLACE_SEARCH_MIN_CHARS && q.length <= PLACE_LIMITS.queryMax;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
