import { describe, expect, it } from 'vitest';
import { countryNameIn, displayPlaceLabel } from './place-label';

describe('displayPlaceLabel', () => {
  it.each([
    ['de', 'Berlin, Germany', 'Berlin, Deutschland'],
    ['de', 'Lisbon, Portugal', 'Lisbon, Portugal'],
    ['de', 'Mexico City, Mexico', 'Mexico City, Mexiko'],
    ['es', 'Berlin, Germany', 'Berlin, Alemania'],
    ['es', 'Chiang Mai, Thailand', 'Chiang Mai, Tailandia'],
    ['es', 'London, United Kingdom', 'London, Reino Unido'],
    ['fr', 'Washington, D.C., United States', 'Washington, D.C., États-Unis'],
    ['en', 'Berlin, Germany', 'Berlin, Germany'],
  ])('in %s, %s reads %s (the city as the data gives it)', (language, label, shown) => {
    expect(displayPlaceLabel(label, language)).toBe(shown);
  });

  it('leaves text whose last part names no country as it is', () => {
    expect(displayPlaceLabel('Somewhere unmapped', 'de')).toBe('Somewhere unmapped');
    expect(displayPlaceLabel('Near the beach, Atlantis', 'es')).toBe('Near the beach, Atlantis');
  });
});

describe('countryNameIn', () => {
  it('names a code in the language, nothing for what is not a region code', () => {
    expect(countryNameIn('DE', 'de')).toBe('Deutschland');
    expect(countryNameIn('PT', 'es')).toBe('Portugal');
    expect(countryNameIn('de', 'de')).toBeUndefined();
    expect(countryNameIn('DEU', 'de')).toBeUndefined();
  });
});
