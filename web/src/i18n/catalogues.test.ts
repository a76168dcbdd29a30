import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import en from './en.json';
import infoEn from './info.en.json';
import auditLogEn from './audit-log.en.json';
import { flattenCatalogue, type CatalogueTree } from './catalogue-tree';

/*
 * Every language's catalogue has exactly the English keys, with the same placeholders ({{name}}), the same
 * <tag> components (Trans) and the plural forms its language needs. It reads the catalogue files present in this
 * folder, so a language added later is checked the day its file appears.
 */
const folder = import.meta.dirname;

/** The parts of a text a translation must keep: {{placeholders}}, <tags> and $t() nesting (each once, sorted). */
function markers(text: string): string[] {
  const found = text.matchAll(/\{\{\s*[\w.]+(?:\s*,[^}]*)?\s*\}\}|<\/?\w+\s*\/?>|\$t\([^)]*\)/g);
  return [...new Set([...found].map(([m]) => m.replace(/\s+/g, '')))].sort();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A text's markers; a singular-like plural form may say the number in words ("una hora"), so {{count}} is optional there. */
const shown = (key: string, text: string) =>
  markers(text)
    .filter((marker) => !(marker === '{{count}}' && PLURAL.test(key) && !key.endsWith('_other')))
    .join(' ');

/**
 * What is wrong with `catalogue` against `english` (empty when nothing): one line per problem. A plural text has
 * exactly the forms its language uses (Intl.PluralRules: English one/other, French one/many/other…).
 */
function catalogueProblems(english: CatalogueTree, catalogue: CatalogueTree, language: string): string[] {
  const want = flattenCatalogue(english);
  const have = flattenCatalogue(catalogue);
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const bases = new Set(
    [...want.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
  );
  // The keys this language must have: English's, with each plural text in this language's forms.
  const expected = new Map<string, string>();
  for (const [key, text] of want) {
    const base = key.replace(PLURAL, '');
    if (!bases.has(base) || !PLURAL.test(key)) expected.set(key, text);
    else
      for (const form of forms)
        if (!expected.has(`${base}_${form}`))
          expected.set(`${base}_${form}`, want.get(`${base}_other`) ?? text);
  }
  const problems: string[] = [];
  for (const [key, text] of expected) {
    const translated = have.get(key);
    if (translated === undefined) problems.push(`missing ${key}`);
    else if (translated.trim() === '') problems.push(`empty ${key}`);
    else if (shown(key, translated) !== shown(key, text))
      problems.push(`${key}: placeholders ${shown(key, translated)} ≠ ${shown(key, text)}`);
  }
  for (const key of have.keys()) if (!expected.has(key)) problems.push(`unknown ${key}`);
  return problems;
}

// English `auditLog` is a file of its own, loaded with the audit log's chunk; the other languages keep it inside.
const english = { ...en, ...auditLogEn, msg: MSG } as unknown as CatalogueTree;
const others = LANGUAGES.filter((lng) => lng !== 'en');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as CatalogueTree;

describe('the catalogue check itself', () => {
  it('finds a missing key, a lost placeholder, a lost tag, an unknown key and a missing plural form', () => {
    const copy = structuredClone(english) as {
      footer: CatalogueTree;
      nav: CatalogueTree;
      msg: CatalogueTree;
      items: CatalogueTree;
    };
    delete copy.footer.tagline;
    copy.nav.accountMenu = 'Kontomenü';
    copy.footer.supportLine = 'Hilfe? {{email}}';
    copy.msg.invented = 'x';
    const withPlural = { n_one: '{{count}} thing', n_other: '{{count}} things' };
    expect(catalogueProblems({ ...english, ...withPlural }, copy as unknown as CatalogueTree, 'fr')).toEqual(
      expect.arrayContaining([
        'missing footer.tagline',
        'nav.accountMenu: placeholders  ≠ {{name}}',
        'footer.supportLine: placeholders {{email}} ≠ </mail> <mail> {{email}}',
        'unknown msg.invented',
        'missing n_one',
        'missing n_many',
      ]),
    );
    expect(catalogueProblems(english, english, 'en')).toEqual([]);
  });
});

// The translated catalogues in this folder; each present file is checked against its English original.
const present = others.flatMap((language) =>
  [
    { file: `${language}.json`, english },
    { file: `info.${language}.json`, english: infoEn as unknown as CatalogueTree },
  ]
    .filter(({ file }) => fs.existsSync(path.join(folder, file)))
    .map((entry) => ({ ...entry, language })),
);

describe('the translated catalogues', () => {
  it('are the files of the supported languages only', () => {
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.json'));
    const known = new Set([
      ...LANGUAGES.flatMap((lng) => [`${lng}.json`, `info.${lng}.json`]),
      'audit-log.en.json',
    ]);
    expect(files.filter((file) => !known.has(file))).toEqual([]);
  });

  for (const { file, english: original, language } of present)
    it(`${file} has every English key, placeholder and plural form`, () => {
      expect(catalogueProblems(original, read(file), language)).toEqual([]);
    });
});
