import { describe, expect, it } from 'vitest';
import { formatMomentUtc, inHours, joinList, textsFor, userLanguage } from './language';

describe('the language of what a service sends a user', () => {
  it('is theirs when it is one of the five, else English', () => {
    for (const language of ['en', 'es', 'pt', 'fr', 'de']) expect(userLanguage(language)).toBe(language);
    for (const other of ['it', 'DE', 'de-DE', '', null, undefined, 3]) expect(userLanguage(other)).toBe('en');
    const catalogue = { en: 'Hi', es: 'Hola', pt: 'Olá', fr: 'Bonjour', de: 'Hallo' };
    expect(textsFor(catalogue, 'pt')).toBe('Olá');
    expect(textsFor(catalogue, 'nl')).toBe('Hi');
  });

  it('formats moments, lists and hours through Intl in that language', () => {
    const at = new Date('2026-11-26T14:30:00Z');
    expect(formatMomentUtc(at, 'de')).toBe('26.11.2026, 14:30 UTC');
    expect(formatMomentUtc(at, 'en')).toBe('Nov 26, 2026, 2:30 PM UTC');
    expect(joinList(['Lisbon', 'Porto', 'Faro'], 'en')).toBe('Lisbon, Porto and Faro');
    expect(joinList(['Lisboa', 'Porto'], 'pt')).toBe('Lisboa e Porto');
    expect(inHours(48, 'fr')).toBe('dans 48 heures');
    expect(inHours(6, 'es')).toBe('dentro de 6 horas');
  });
});
