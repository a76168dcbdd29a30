import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@nomadswap/contracts/enums';

const catalogue = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../i18n', `${language}.json`), 'utf8')) as {
    profile: { removeFavorite: string; removeFavoriteNamed: string };
  };

describe('RemoveFavoriteButton', () => {
  // WCAG 2.5.3 Label in Name: a voice user says what they see ("Remove from favorites"); the button's name, which
  // adds the item's title, must hold that text as it is written.
  it.each(LANGUAGES)('names the button with its visible text in it, in %s', (language) => {
    const { removeFavorite, removeFavoriteNamed } = catalogue(language).profile;
    expect(removeFavoriteNamed).toContain(removeFavorite);
    expect(removeFavoriteNamed).toContain('{{title}}');
  });
});
