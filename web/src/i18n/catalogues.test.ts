import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import en from './en.json';
import infoEn from './info.en.json';

/*
 * Every language's catalogue has exactly the English keys, with the same placeholders ({{name}}), the same
 * <tag> components (Trans) and the plural forms its language needs. It reads the catalogue files present in this
 * folder, so a language added later is checked the day its file appears.
 */
const folder = import.meta.dirname;
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else flatten(value, name, into);
  }
  return into;
}

/** The parts of a text a translation must keep: {{placeholders}}, <tags> and $t() nesting, sorted. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\{\s*[\w.]+(?:\s*,[^}]*)?\s*\}\}|<\/?\w+\s*\/?>|\$t\([^)]*\)/g)]
    .map(([m]) => m.replace(/\s+/g, ''))
    .sort();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** What is wrong with `catalogue` against `english` (empty when nothing): one line per problem. */
function catalogueProblems(english: Tree, catalogue: Tree, language: string): string[] {
  const want = flatten(english);
  const have = flatten(catalogue);
  const problems: string[] = [];
  for (const [key, text] of want) {
    const translated = have.get(key);
    if (translated === undefined) problems.push(`missing ${key}`);
    else if (translated.trim() === '') problems.push(`empty ${key}`);
    else if (markers(translated).join(' ') !== markers(text).join(' '))
      problems.push(`${key}: placeholders ${markers(translated).join(' ')} ≠ ${markers(text).join(' ')}`);
  }
  for (const key of have.keys()) if (!want.has(key)) problems.push(`unknown ${key}`);
  // Counts from 0 to 1000 must each find their plural form in this language.
  const rules = new Intl.PluralRules(language);
  const needed = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
  const bases = new Set(
    [...want.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
  );
  for (const base of bases)
    for (const form of needed)
      if (!have.has(`${base}_${form}`)) problems.push(`missing plural ${base}_${form}`);
  return problems;
}

const english = { ...en, msg: MSG } as unknown as Tree;
const others = LANGUAGES.filter((lng) => lng !== 'en');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Tree;

describe('the catalogue check itself', () => {
  it('finds a missing key, a lost placeholder, a lost tag, an unknown key and a missing plural form', () => {
    const copy = structuredClone(english) as { footer: Tree; nav: Tree; msg: Tree; items: Tree };
    delete copy.footer.tagline;
    copy.nav.accountMenu = 'Kontomenü';
    copy.footer.supportLine = 'Hilfe? {{email}}';
    copy.msg.invented = 'x';
    const withPlural = { n_one: '{{count}} thing', n_other: '{{count}} things' };
    expect(catalogueProblems({ ...english, ...withPlural }, copy as unknown as Tree, 'de')).toEqual(
      expect.arrayContaining([
        'missing footer.tagline',
        'nav.accountMenu: placeholders  ≠ {{name}}',
        'footer.supportLine: placeholders {{email}} ≠ </mail> <mail> {{email}}',
        'unknown msg.invented',
        'missing n_one',
        'missing plural n_one',
      ]),
    );
    expect(catalogueProblems(english, english, 'en')).toEqual([]);
  });
});

// The translated catalogues in this folder; each present file is checked against its English original.
const present = others.flatMap((language) =>
  [
    { file: `${language}.json`, english },
    { file: `info.${language}.json`, english: infoEn as unknown as Tree },
  ]
    .filter(({ file }) => fs.existsSync(path.join(folder, file)))
    .map((entry) => ({ ...entry, language })),
);

describe('the translated catalogues', () => {
  it('are the files of the supported languages only', () => {
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.json'));
    const known = new Set(LANGUAGES.flatMap((lng) => [`${lng}.json`, `info.${lng}.json`]));
    expect(files.filter((file) => !known.has(file))).toEqual([]);
  });

  for (const { file, english: original, language } of present)
    it(`${file} has every English key, placeholder and plural form`, () => {
      expect(catalogueProblems(original, read(file), language)).toEqual([]);
    });
});
