import tzLookup from '@photostructure/tz-lookup';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { Place } from '@nomadswap/contracts/places';
import { NOT_A_CITY, PLACE_ALIASES } from './aliases';
import { countryCodesNamed, countryName } from './countries';
import { normalizePlaceText } from './normalize';
import { readCities, type CityRow } from './read-cities';

/** An exact name (or alias) outranks a mere prefix as if its city were this many times larger. */
const EXACT_BOOST = 10;
/** Queries at least this long may have one typo when nothing matches as typed. */
const TYPO_MIN_LENGTH = 5;
/** A country can follow the name in at most this many words ('lisbon portugal', 'san jose costa rica'). */
const COUNTRY_MAX_WORDS = 3;
/** A prefix matching more keys than this ('s', 'san') is searched biggest city first instead of key by key. */
const WIDE_PREFIX = 1_000;

export interface GazetteerOptions {
  /** Cities below this population are left out; 0 (unknown) counts as large enough only for capitals. */
  minPopulation: number;
}

/**
 * The cities of the world, indexed by id, by name (sorted keys for prefix search) and by position (a k-d tree).
 * Built once from the GeoNames data; every query after that is in memory.
 */
export class Gazetteer {
  readonly size: number;
  private readonly rows: CityRow[];
  private readonly byId = new Map<string, number>();
  /** Normalised names and aliases, sorted, with the row each names (`keyRows[i]` for `keys[i]`). */
  private readonly keys: string[];
  private readonly keyRows: Int32Array;
  /** Indexes into `keys`, the most populous city's first. */
  private readonly keysByPopulation: Int32Array;
  private readonly tree: KDBush;
  private readonly countries: string[];
  private readonly places = new Map<number, Place>();

  constructor(options: GazetteerOptions) {
    this.rows = readCities(
      (row) =>
        row.population >= options.minPopulation ||
        (row.population === 0 && (row.featureCode === 'PPLC' || row.featureCode === 'PPLA')),
    );
    this.size = this.rows.length;
    const entries: { key: string; row: number }[] = [];
    this.tree = new KDBush(this.size);
    this.rows.forEach((row, index) => {
      this.byId.set(String(row.id), index);
      entries.push({ key: normalizePlaceText(row.name), row: index });
      this.tree.add(row.lon, row.lat);
    });
    this.tree.finish();
    for (const [alias, id] of Object.entries(PLACE_ALIASES)) {
      const row = this.byId.get(String(id));
      if (row !== undefined) entries.push({ key: normalizePlaceText(alias), row });
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((entry) => entry.key);
    this.keyRows = Int32Array.from(entries, (entry) => entry.row);
    const population = (key: number) => this.rows[this.keyRows[key]!]!.population;
    this.keysByPopulation = Int32Array.from(this.keys.keys()).sort((a, b) => population(b) - population(a));
    this.countries = [...new Set(this.rows.map((row) => row.countryCode))];
  }

  get(id: string): Place | undefined {
    const row = this.byId.get(id);
    return row === undefined ? undefined : this.place(row);
  }

  /** Places whose name or alias starts with the text (with or without a trailing country), best first. */
  search(text: string, limit: number): Place[] {
    const scored = new Map<number, number>();
    for (const { name, countries } of this.readings(text, true)) {
      this.collectPrefix(name, countries, limit, scored);
    }
    if (scored.size === 0) {
      for (const { name, countries } of this.readings(text, true)) {
        if (name.length >= TYPO_MIN_LENGTH) this.collectOneTypo(name, countries, scored);
      }
    }
    return [...scored]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([row]) => this.place(row));
  }

  /**
   * The place the text names exactly (a name, an alias or a label, with or without its country), the most
   * populous when several do; undefined when none does or when a bare name is a region's (NOT_A_CITY).
   */
  match(text: string): Place | undefined {
    for (const { name, countries } of this.readings(text, false)) {
      if (countries === undefined && NOT_A_CITY.has(name)) continue;
      let best: CityRow | undefined;
      let bestRow = -1;
      for (let i = this.lowerBound(name); i < this.keys.length && this.keys[i] === name; i++) {
        const row = this.keyRows[i]!;
        const city = this.rows[row]!;
        if (countries && !countries.includes(city.countryCode)) continue;
        if (!best || city.population > best.population) [best, bestRow] = [city, row];
      }
      // The whole text as a name comes first: 'Rio de Janeiro' is not Rio in Germany ('de').
      if (best) return this.place(bestRow);
    }
    return undefined;
  }

  nearest(lat: number, lon: number): Place | undefined {
    const [row] = around(this.tree, lon, lat, 1);
    return row === undefined ? undefined : this.place(row);
  }

  idsWithin(id: string, km: number): string[] {
    const origin = this.byId.get(id);
    if (origin === undefined) return [];
    const city = this.rows[origin]!;
    return around(this.tree, city.lon, city.lat, Infinity, km).map((row) => String(this.rows[row]!.id));
  }

  /**
   * The ways to read a text: all of it as a name, and — after a comma, or in its last words — a name followed by
   * a country ('Lisbon, Portugal', 'lisbon portugal', 'Lisbon, PT').
   */
  private *readings(text: string, prefix: boolean): Generator<{ name: string; countries?: string[] }> {
    const comma = text.lastIndexOf(',');
    if (comma >= 0) {
      const name = normalizePlaceText(text.slice(0, comma));
      const country = normalizePlaceText(text.slice(comma + 1));
      if (name === '') return;
      if (country === '') {
        yield { name };
        return;
      }
      const countries = countryCodesNamed(country, this.countries, prefix);
      if (countries.length > 0) yield { name, countries };
      return;
    }
    const name = normalizePlaceText(text);
    if (name === '') return;
    yield { name };
    const words = name.split(' ');
    for (let n = 1; n <= COUNTRY_MAX_WORDS && n < words.length; n++) {
      const countries = countryCodesNamed(words.slice(-n).join(' '), this.countries, false);
      if (countries.length > 0) yield { name: words.slice(0, -n).join(' '), countries };
    }
  }

  private collectPrefix(
    name: string,
    countries: string[] | undefined,
    limit: number,
    scored: Map<number, number>,
  ): void {
    const from = this.lowerBound(name);
    const to = this.lowerBound(`${name}\uffff`);
    if (to - from <= WIDE_PREFIX) {
      for (let i = from; i < to; i++) this.score(i, this.keys[i] === name, countries, scored);
      return;
    }
    // Too many to score one by one: the exact names, then the longer ones biggest first until `limit` are in.
    for (let i = from; i < to && this.keys[i] === name; i++) this.score(i, true, countries, scored);
    let found = 0;
    for (const i of this.keysByPopulation) {
      const key = this.keys[i]!;
      if (key === name || !key.startsWith(name)) continue;
      const size = scored.size;
      this.score(i, false, countries, scored);
      if (scored.size > size && ++found >= limit) return;
    }
  }

  /** Keys that start with the text after one letter changed, dropped, added or two swapped (not the first). */
  private collectOneTypo(name: string, countries: string[] | undefined, scored: Map<number, number>): void {
    const first = name[0]!;
    const suffixes = Array.from({ length: name.length + 2 }, (_, i) => name.slice(i));
    for (let i = this.lowerBound(first); i < this.keys.length && this.keys[i]!.startsWith(first); i++) {
      if (startsWithinOneEdit(this.keys[i]!, name, suffixes)) this.score(i, false, countries, scored);
    }
  }

  /** Scores the key's city into `scored`, if it is in one of the countries named (when any was). */
  private score(
    key: number,
    exact: boolean,
    countries: string[] | undefined,
    scored: Map<number, number>,
  ): void {
    const row = this.keyRows[key]!;
    const city = this.rows[row]!;
    if (countries && !countries.includes(city.countryCode)) return;
    const score = (city.population || 1) * (exact ? EXACT_BOOST : 1);
    if (score > (scored.get(row) ?? 0)) scored.set(row, score);
  }

  private lowerBound(key: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.keys[mid]! < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private place(row: number): Place {
    let place = this.places.get(row);
    if (!place) {
      const city = this.rows[row]!;
      const country = countryName(city.countryCode);
      place = {
        id: String(city.id),
        name: city.name,
        country,
        countryCode: city.countryCode,
        label: `${city.name}, ${country}`,
        lat: city.lat,
        lon: city.lon,
        timezone: tzLookup(city.lat, city.lon),
      };
      this.places.set(row, place);
    }
    return place;
  }
}

/**
 * Whether `key` starts with `text` give or take one edit (a letter changed, missing, added, or two swapped).
 * `suffixes[i]` is `text.slice(i)`, made once per search so that checking each of thousands of keys allocates
 * nothing.
 */
export function startsWithinOneEdit(
  key: string,
  text: string,
  suffixes: readonly string[] = Array.from({ length: text.length + 2 }, (_, i) => text.slice(i)),
): boolean {
  let i = 0;
  while (i < text.length && key[i] === text[i]) i++;
  if (i === text.length) return true;
  return (
    key.startsWith(suffixes[i + 1]!, i + 1) || // changed
    key.startsWith(suffixes[i + 1]!, i) || // a letter too many in the text
    key.startsWith(suffixes[i]!, i + 1) || // a letter missing from the text
    (key[i] === text[i + 1] && key[i + 1] === text[i] && key.startsWith(suffixes[i + 2]!, i + 2)) // swapped
  );
}
