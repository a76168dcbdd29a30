/*
 * Place labels are stored in English ('Berlin, Germany': shared/places writes `${city}, ${country}` with the
 * country's English name from Intl.DisplayNames('en')). The page shows the country in its own language; the
 * city stays as the data gives it (decision 0075: brand and city names are kept).
 */

const REGION_CODES = /^[A-Z]{2}$/;
let englishToCode: Map<string, string> | null = null;

/** The ISO 3166-1 code of a country's English name as shared/places writes it ('Germany' → 'DE'). */
function countryCodeOf(englishName: string): string | undefined {
  if (!englishToCode) {
    // Built once from the same Intl data the server names countries with: no country list in the bundle.
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    englishToCode = new Map();
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name && !englishToCode.has(name)) englishToCode.set(name, code);
      }
    }
  }
  return englishToCode.get(englishName);
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in `language` ('DE' → 'Deutschland' in German); undefined for a code Intl does not know. */
export function countryNameIn(code: string, language: string): string | undefined {
  if (!REGION_CODES.test(code)) return undefined;
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
    regionNames.set(language, names);
  }
  return names.of(code);
}

/**
 * A stored label as a page in `language` shows it: 'Berlin, Germany' → 'Berlin, Deutschland' in German, the
 * city part as written. Text whose last part is no country name (free text, a city alone) is shown as it is.
 */
export function displayPlaceLabel(label: string, language: string): string {
  if (language.startsWith('en')) return label;
  const comma = label.lastIndexOf(', ');
  if (comma < 0) return label;
  const code = countryCodeOf(label.slice(comma + 2));
  const country = code && countryNameIn(code, language);
  return country ? `${label.slice(0, comma)}, ${country}` : label;
}

/** A gazetteer place's label in `language`, its country named from its code ('Berlin, Deutschland'). */
export function placeLabelIn(
  place: { label: string; country: string; countryCode: string },
  language: string,
): string {
  const suffix = `, ${place.country}`;
  if (language.startsWith('en') || !place.label.endsWith(suffix)) return place.label;
  const country = countryNameIn(place.countryCode, language);
  return country ? `${place.label.slice(0, -suffix.length)}, ${country}` : place.label;
}
