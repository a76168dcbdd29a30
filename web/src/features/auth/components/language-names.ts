import type { Language } from '@nomadswap/contracts/enums';

/** Each language named in itself, for the switchers (never translated): a reader finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  de: 'Deutsch',
};
