/**
 * Checks the web's translated catalogues against English (issue 23): every language file has exactly the keys of
 * `en.json` and `audit-log.en.json` plus `msg.*` (the shared `MSG` texts), and `info.<lng>.json` exactly those of `info.en.json`; plural
 * keys have exactly the forms the language needs (Intl.PluralRules, as i18next picks them); every value keeps the
 * English value's {{placeholders}}, {single-brace} placeholders and <tags>.
 *
 * `node --import tsx scripts/check-catalogues.ts [lng...]` (default: every language below). Exit code 1 and one
 * line per mismatch when anything differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@nomadswap/contracts/messages';
import { ROOT } from './lib/stack';

const LANGUAGES = ['es', 'pt', 'fr', 'de'];
const DIR = path.join(ROOT, 'web/src/i18n');
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Json = string | Json[] | { [key: string]: Json };

/** Leaf values by dotted path (array items by index), so two catalogues compare as flat maps. */
function leaves(value: Json, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${prefix}[${i}]`, out));
  else for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function pluralBase(key: string): [string, string] | undefined {
  const [, base, suffix] = /^(.*)_([a-z]+)$/.exec(key) ?? [];
  return base !== undefined && suffix !== undefined && PLURAL_SUFFIXES.includes(suffix)
    ? [base, suffix]
    : undefined;
}

/** What must survive translation: {{x}}, {x} and <tag>/</tag>/<tag/>, as a sorted set. */
function tokens(text: string): string {
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\{(\w+)\}/g)) found.add(`{${m[1]}}`);
  for (const m of text.matchAll(/<\/?[\w.-]+\s*\/?>/g)) found.add(m[0].replace(/\s+/g, ''));
  return [...found].sort().join(' ');
}

/** The English leaves each translated leaf must match: plural keys expanded to the language's forms. */
function expected(reference: Map<string, string>, lng: string): Map<string, string> {
  const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];
  const plurals = new Set<string>();
  for (const key of reference.keys()) {
    const p = pluralBase(key);
    if (p && reference.has(`${p[0]}_other`) && p[1] !== 'other') plurals.add(p[0]);
  }
  const out = new Map<string, string>();
  for (const [key, text] of reference) {
    const p = pluralBase(key);
    if (p && plurals.has(p[0])) continue;
    out.set(key, text);
  }
  for (const base of plurals) {
    for (const form of forms) {
      out.set(`${base}_${form}`, reference.get(`${base}_${form}`) ?? reference.get(`${base}_other`)!);
    }
  }
  return out;
}

function compare(file: string, reference: Json, lng: string): string[] {
  const target = path.join(DIR, file);
  if (!fs.existsSync(target)) return [`${file}: missing`];
  let parsed: Json;
  try {
    parsed = JSON.parse(fs.readFileSync(target, 'utf8')) as Json;
  } catch (error) {
    return [`${file}: not valid JSON (${(error as Error).message})`];
  }
  const want = expected(leaves(reference), lng);
  const have = leaves(parsed);
  const problems: string[] = [];
  for (const key of want.keys()) if (!have.has(key)) problems.push(`${file}: missing ${key}`);
  for (const [key, text] of have) {
    const english = want.get(key);
    if (english === undefined) problems.push(`${file}: extra ${key}`);
    else if (text.trim() === '') problems.push(`${file}: empty ${key}`);
    else if (tokens(text) !== tokens(english)) {
      problems.push(`${file}: ${key} has [${tokens(text)}], English has [${tokens(english)}]`);
    }
  }
  return problems;
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Json;
// English `auditLog` is a file of its own (it loads with the audit log's chunk); the others keep it in theirs.
const main = {
  ...(readJson('en.json') as Record<string, Json>),
  ...(readJson('audit-log.en.json') as Record<string, Json>),
  msg: { ...MSG },
};
const info = readJson('info.en.json');
const languages = process.argv.slice(2).length ? process.argv.slice(2) : LANGUAGES;

const problems = languages.flatMap((lng) => [
  ...compare(`${lng}.json`, main, lng),
  ...compare(`info.${lng}.json`, info, lng),
]);
if (problems.length) {
  console.error([...problems, `${problems.length} mismatch(es) in ${languages.join(', ')}`].join('\n'));
  process.exit(1);
}
console.log(`catalogues ${languages.join(', ')} match English`);
