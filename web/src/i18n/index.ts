import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MSG } from '@nomadswap/contracts/messages';
import en from './en.json';

/**
 * One message catalogue for every user-facing text (design.md). English is the spec's wording; another
 * language is one more JSON file here, without touching components. The validation and error texts shared
 * with the services (`MSG` in contracts) are the `msg.*` keys: English comes from contracts, so each is
 * written once, and `messageText()` (./message-text.ts) translates a text the API or a schema produced.
 */
export const resources = { en: { translation: { ...en, msg: MSG } } } as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en'],
  // Bundled catalogues are ready synchronously, so the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export { i18n };
