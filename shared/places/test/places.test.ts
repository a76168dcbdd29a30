import { describe, expect, it } from 'vitest';
import { PLACE_LIMITS, PlaceSchema } from '@nomadswap/contracts/places';
import { NOT_A_CITY, PLACE_ALIASES } from '../src/aliases';
import { startsWithinOneEdit } from '../src/gazetteer';
import { normalizePlaceText } from '../src/normalize';
import { getPlace, matchPlace, nearestPlace, placeIdsWithin, searchPlaces } from '../src/places';

const LISBON = '2267057';
const labels = (q: string, limit?: number) => searchPlaces(q, limit).map((place) => place.label);

describe('normalizePlaceText', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['ZÜRICH', 'zurich'],
    ['Kraków', 'krakow'],
    ['Saint-Étienne', 'saint etienne'],
    ['  Lisbon ,  Portugal ', 'lisbon portugal'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['København', 'kobenhavn'],
  ])('%s is compared as %s', (text, normal) => {
    expect(normalizePlaceText(text)).toBe(normal);
  });
});

describe('getPlace', () => {
  it('gives the place of a GeoNames id in the contract shape, with its country name and time zone', () => {
    const lisbon = getPlace(LISBON);
    expect(PlaceSchema.strict().parse(lisbon)).toEqual({
      id: LISBON,
      name: 'Lisbon',
      country: 'Portugal',
      countryCode: 'PT',
      label: 'Lisbon, Portugal',
      lat: expect.closeTo(38.72, 1),
      lon: expect.closeTo(-9.13, 1),
      timezone: 'Europe/Lisbon',
    });
    expect(getPlace('1609350')?.timezone).toBe('Asia/Bangkok');
    expect(getPlace('3448439')?.timezone).toBe('America/Sao_Paulo');
  });

  it('gives undefined for an id that is no city', () => {
    expect(getPlace('1')).toBeUndefined();
    expect(getPlace('lisbon')).toBeUndefined();
  });
});

describe('searchPlaces', () => {
  it('finds the most populous city first for a prefix', () => {
    expect(labels('lis')[0]).toBe('Lisbon, Portugal');
    expect(labels('chiang')[0]).toBe('Chiang Mai, Thailand');
    expect(labels('san').slice(0, 2)).toEqual(['Santiago, Chile', 'Santo Domingo, Dominican Republic']);
  });

  it('ignores case and accents both ways', () => {
    expect(labels('sao paulo')[0]).toBe('São Paulo, Brazil');
    expect(labels('SÃO PAU')[0]).toBe('São Paulo, Brazil');
    expect(labels('zurich')[0]).toBe('Zürich, Switzerland');
    expect(labels('krakow')[0]).toBe('Kraków, Poland');
    expect(labels('Kraków')[0]).toBe('Kraków, Poland');
  });

  it('finds a city by its other name, labelled with its own', () => {
    expect(labels('Lisboa')).toEqual(['Lisbon, Portugal']);
    expect(labels('saigon')[0]).toBe('Ho Chi Minh City, Vietnam');
    expect(labels('Ho Chi Minh')[0]).toBe('Ho Chi Minh City, Vietnam');
    expect(labels('bombay')[0]).toBe('Mumbai, India');
    expect(labels('cologne')[0]).toBe('Köln, Germany');
    expect(labels('koeln')[0]).toBe('Köln, Germany');
    expect(labels('münchen')[0]).toBe('Munich, Germany');
    expect(labels('praha')[0]).toBe('Prague, Czechia');
    expect(labels('wien')[0]).toBe('Vienna, Austria');
    expect(labels('roma')[0]).toBe('Rome, Italy');
  });

  it('narrows by a country after a comma, in the last words, or as a code', () => {
    for (const q of ['Lisbon, Portugal', 'lisbon portugal', 'Lisbon, PT', 'lisbon, portu']) {
      expect(labels(q), q).toEqual(['Lisbon, Portugal']);
    }
    expect(labels('vienna, usa').every((label) => label.endsWith('United States'))).toBe(true);
    expect(labels('Lisbon, Atlantis')).toEqual([]);
  });

  it('puts an exact name before a bigger city that only starts with it', () => {
    expect(labels('porto')[0]).toBe('Porto, Portugal');
    expect(labels('porto')).toContain('Porto Alegre, Brazil');
  });

  it('forgives one typo in a text of 5 letters or more, only when nothing matches as typed', () => {
    expect(labels('amsterdm')[0]).toBe('Amsterdam, Netherlands');
    expect(labels('lsibon')[0]).toBe('Lisbon, Portugal');
    expect(labels('lisbom')[0]).toBe('Lisbon, Portugal');
    expect(labels('lisbo')[0]).toBe('Lisbon, Portugal');
    expect(labels('xqzvk')).toEqual([]);
    expect(labels('lsbn')).toEqual([]); // 4 letters: too short to guess
  });

  it('returns at most `limit` places, 8 by default', () => {
    expect(labels('s')).toHaveLength(PLACE_LIMITS.searchDefault);
    expect(labels('s', PLACE_LIMITS.searchMax)).toHaveLength(PLACE_LIMITS.searchMax);
    expect(labels('s', 1)).toHaveLength(1);
  });

  it('finds nothing for an empty or punctuation-only text', () => {
    expect(labels('')).toEqual([]);
    expect(labels(' ,;- ')).toEqual([]);
  });
});

describe('startsWithinOneEdit', () => {
  it.each([
    ['lisbon', 'lisbon', true],
    ['lisbon', 'lisbxn', true],
    ['lisbon', 'lisbn', true],
    ['lisbon', 'lissbon', true],
    ['lisbon', 'lsibon', true],
    ['lisbon', 'lsbxn', false],
    ['lisbon', 'libson', true],
    ['lisbon', 'lisbonxx', false],
  ])('%s starts with %s give or take one edit: %s', (key, text, expected) => {
    expect(startsWithinOneEdit(key, text)).toBe(expected);
  });
});

describe('matchPlace', () => {
  it.each([
    ['Lisbon', 'Lisbon, Portugal'],
    ['lisbon', 'Lisbon, Portugal'],
    ['Lisboa', 'Lisbon, Portugal'],
    ['Lisbon, Portugal', 'Lisbon, Portugal'],
    ['lisbon portugal', 'Lisbon, Portugal'],
    ['Lisbon, PT', 'Lisbon, Portugal'],
    ['sao paulo', 'São Paulo, Brazil'],
    ['Saigon', 'Ho Chi Minh City, Vietnam'],
    ['Zurich', 'Zürich, Switzerland'],
    ['Rio de Janeiro', 'Rio de Janeiro, Brazil'],
    ['Lisbon, United States', 'Lisbon, United States'],
    ['Bali, Cameroon', 'Bali, Cameroon'],
    // A real town of 67,000 in South Africa: matched, not invented.
    ['Atlantis', 'Atlantis, South Africa'],
  ])('%s names %s', (text, label) => {
    expect(matchPlace(text)?.label).toBe(label);
  });

  it.each(['Bali', 'bali', 'Lisbon area', 'Lisbo', 'Narnia', 'somewhere by the sea', '', 'Lisbon, Atlantis'])(
    '%s names no city (the text is kept as written)',
    (text) => {
      expect(matchPlace(text)).toBeUndefined();
    },
  );
});

describe('the alias table', () => {
  it.each(Object.entries(PLACE_ALIASES))('%s names a city in the gazetteer', (alias, id) => {
    expect(getPlace(String(id))).toBeDefined();
    expect(matchPlace(alias)?.id).toBe(String(id));
  });

  it('names no region refused as a city', () => {
    for (const alias of Object.keys(PLACE_ALIASES))
      expect(NOT_A_CITY.has(normalizePlaceText(alias))).toBe(false);
  });
});

describe('nearestPlace', () => {
  it('gives the city whose centre is nearest', () => {
    expect(nearestPlace(38.7223, -9.1393)?.label).toBe('Lisbon, Portugal');
    expect(nearestPlace(18.7883, 98.9853)?.label).toBe('Chiang Mai, Thailand');
  });

  it('gives the nearest coastal city for a point at sea', () => {
    expect(nearestPlace(38.5, -10.5)?.label).toBe('Cascais, Portugal');
  });
});

describe('placeIdsWithin', () => {
  it('gives the places within the radius of a city centre, itself included', () => {
    const near = placeIdsWithin(LISBON, 50);
    expect(near).toContain(LISBON);
    expect(near).toContain('2262912'); // Sintra, ~23 km
    expect(near).toContain('2271961'); // Almada, ~5 km
    expect(near).not.toContain('2735943'); // Porto, ~275 km
    expect(placeIdsWithin(LISBON, 300)).toContain('2735943');
  });

  it('gives only the city itself for a radius of 0, and nothing for an unknown id', () => {
    expect(placeIdsWithin(LISBON, 0)).toEqual([LISBON]);
    expect(placeIdsWithin('1', 50)).toEqual([]);
  });
});
