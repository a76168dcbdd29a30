import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nomadswap/contracts/enums';

/*
 * The language of what a service sends a user itself — e-mails today, push notifications next (issue 23): the
 * language on their profile, copied to each service's read model of the user by auth's user events, else English.
 * Each service keeps its texts in a catalogue with all five languages (the type requires each one), so a text is
 * never half translated; dates, times and lists go through Intl in the same language.
 */

/** One entry per supported language, each complete. */
export type TextCatalogue<T> = Record<Language, T>;

/** The language to write to a user in: theirs when it is one we speak, else English. */
export function userLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Language)
    : DEFAULT_LANGUAGE;
}

/** The texts of `catalogue` in the user's language (English when they have none or an unknown one). */
export function textsFor<T>(catalogue: TextCatalogue<T>, language: unknown): T {
  return catalogue[userLanguage(language)];
}

/** A moment as the user reads it, in UTC (the server does not know their time zone): "26 Nov 2026, 14:30 UTC". */
export function formatMomentUtc(date: Date, language: unknown): string {
  const text = new Intl.DateTimeFormat(userLanguage(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${text} UTC`;
}

/** "Lisbon, Porto and Faro" in the user's language ("Lisboa, Porto e Faro"…; the app's English is British). */
export function joinList(items: readonly string[], language: unknown): string {
  const lng = userLanguage(language);
  return new Intl.ListFormat(lng === 'en' ? 'en-GB' : lng, { type: 'conjunction' }).format(items);
}

/** "in 24 hours", "dentro de 24 horas", "in 24 Stunden"… */
export function inHours(hours: number, language: unknown): string {
  return new Intl.RelativeTimeFormat(userLanguage(language), { numeric: 'always' }).format(hours, 'hour');
}
