import type { TFunction } from 'i18next';

/** Dates and numbers go through Intl in the page's language (design.md). Invalid input shows as ''. */

export function formatDate(
  iso: string | null | undefined,
  language: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, options).format(date);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Drops the date formats made so far: each keeps the time zone it was made in (the server renderer's, per page). */
export function forgetDateFormats(): void {
  dateFormats.clear();
}

/**
 * One Intl.DateTimeFormat per language and options: creating one costs a few milliseconds (the first one in a
 * page loads the locale's data, tens of milliseconds on a slow phone), too much to repeat in every render.
 */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Creates the default date format of `language` in a task of its own, soon: a page that will show a date calls
 * this when its module loads, so the locale data is not loaded inside the render that shows the data.
 */
export function prepareDateFormat(language: string): void {
  setTimeout(() => formatDate(new Date(0).toISOString(), language), 0);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers in the page's language, with one Intl.NumberFormat per language (as dateFormat): `/profile`'s first render
 * formats every count and rating, and a new format each time was its costliest function (issue 25, TBT). A whole
 * number from 0 to 999 is its digits in every language the app speaks (no grouping, no decimal sign), so it is
 * written without a format: the first format of a language loads its locale data, which cost `/profile`'s first
 * render 82 ms at 4× CPU slowdown for counts such as "3" (issue 25).
 */
export function formatNumber(value: number, language: string): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** The decimal sign of each language the app speaks, as Intl.NumberFormat writes it (format.test pins it). */
const DECIMAL_SIGNS: Readonly<Record<string, string>> = { en: '.', es: ',', pt: ',', fr: ',', de: ',' };

/**
 * A rating with one decimal in the page's language ("4.5", "4,5"), as profiles show it. The five languages' decimal
 * sign is known, so the profile's first render creates no Intl.NumberFormat for it (its locale data costs tens of
 * milliseconds on a phone, issue 25); any other language gets one.
 */
export function formatRating(rating: number, language: string): string {
  const rounded = Math.round(rating * 10) / 10;
  const sign = DECIMAL_SIGNS[language.split('-')[0]!];
  if (sign) return rounded.toFixed(1).replace('.', sign);
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rounded,
  );
}

/** A label with its count once the count is known: "My Items (3)"; just "My Items" while loading. */
export function withCount(t: TFunction, label: string, count: number | undefined): string {
  return count === undefined ? label : t('common.withCount', { label, count });
}

/** How admin screens name someone: "Tomás Costa (@tomas.costa)", just the name when the handle is unknown. */
export function personName(t: TFunction, person: { fullName: string; username?: string }): string {
  return person.username
    ? t('common.person', { name: person.fullName, username: person.username })
    : person.fullName;
}
