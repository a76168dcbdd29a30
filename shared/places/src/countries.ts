import { normalizePlaceText } from './normalize';

const displayNames = new Intl.DisplayNames('en', { type: 'region' });
const names = new Map<string, { name: string; key: string }>();

function entry(code: string): { name: string; key: string } {
  let found = names.get(code);
  if (found === undefined) {
    const name = displayNames.of(code) ?? code;
    found = { name, key: normalizePlaceText(name) };
    names.set(code, found);
  }
  return found;
}

/** The country's English name for an ISO 3166-1 alpha-2 code ('PT' → 'Portugal'); the code if unknown. */
export function countryName(code: string): string {
  return entry(code).name;
}

/** What people write for a country that is neither its English name nor its code (normalised). */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  holland: 'NL',
  'czech republic': 'CZ',
  turkey: 'TR',
  burma: 'MM',
  deutschland: 'DE',
  espana: 'ES',
  italia: 'IT',
  brasil: 'BR',
};

/**
 * The codes of the countries `text` (normalised) names: its code ('pt'), its English name ('portugal'), a common
 * alias ('usa'), or — when `prefix` — the start of a name ('portu', for someone still typing). Empty if none.
 */
export function countryCodesNamed(text: string, codes: readonly string[], prefix: boolean): string[] {
  if (text.length === 0) return [];
  const found = new Set<string>();
  const alias = COUNTRY_ALIASES[text];
  if (alias) found.add(alias);
  for (const code of codes) {
    const { key } = entry(code);
    if (text === code.toLowerCase() || text === key || (prefix && text.length >= 3 && key.startsWith(text))) {
      found.add(code);
    }
  }
  return [...found];
}
