import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nomadswap/contracts/enums';
import { LANGUAGE_STORAGE_KEY } from '@nomadswap/contracts/early-paint';
import { MSG } from '@nomadswap/contracts/messages';
import en from './en.json';

/**
 * One message catalogue for every user-facing text (design.md), in five languages (issue 23). English is the
 * spec's wording, bundled: the first render has its texts synchronously and every missing key falls back to it.
 * The other languages' catalogues (`<lang>.json`, and `info.<lang>.json` for the information pages' namespace)
 * are separate chunks fetched only for the language in use (the glob below makes one lazy chunk per file present),
 * so the first-render JavaScript does not grow with the languages. The validation and error texts shared with the
 * services (`MSG` in contracts) are the `msg.*` keys: English comes from contracts, so each is written once;
 * another language's are its catalogue's `msg` object. `messageText()` (./message-text.ts) translates a text the
 * API or a schema produced.
 */
export const resources = { en: { translation: { ...en, msg: MSG } } } as const;

export { LANGUAGES, type Language };

/** Where a visitor's choice is kept (the early-paint contract: the prerender gate reads it before the first paint). */
export { LANGUAGE_STORAGE_KEY };

type Catalogue = { default: ResourceKey };
const translations = import.meta.glob<Catalogue>(['./{es,pt,fr,de}.json']);
// English `info` is bundled with the information pages' chunk (features/info/i18n.ts).
const infoCatalogues = import.meta.glob<Catalogue>(['./info.{es,pt,fr,de}.json']);

/** A catalogue chunk per language and namespace, fetched on first use; one not written yet reads as empty. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      namespace === 'info' ? infoCatalogues[`./info.${language}.json`] : translations[`./${language}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The supported language a BCP 47 tag asks for ('pt-BR' → 'pt'), else null. */
export function languageOf(tag: string | null | undefined): Language | null {
  const primary = tag?.split('-')[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/** The visitor's stored choice, or null (none, or storage blocked). */
export function storedLanguage(): Language | null {
  try {
    return languageOf(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * The language a page load starts in: the stored choice, else the first of the browser's languages we speak,
 * else English. early/prerender-gate.js decides the same way (it cannot import this).
 */
export function detectLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return storedLanguage() ?? browser.map(languageOf).find((lng) => lng !== null) ?? DEFAULT_LANGUAGE;
}

/** Resolves once the starting language's catalogue is in (at once for English): boot.tsx renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    resources,
    // The bundled English is complete; other languages and namespaces come from the backend.
    partialBundledLanguages: true,
    lng: detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // Bundled catalogues are ready synchronously, so the first render already has its texts.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The language the texts are in now (one of LANGUAGES). */
export function currentLanguage(): Language {
  return languageOf(i18n.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the app to `language` once its catalogue is in (the texts change in one render) and keeps the choice
 * on this device; a signed-in user's profile keeps it too (features/auth, useChooseLanguage).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the choice lasts for this page load.
  }
  await i18n.changeLanguage(language);
}

const followLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = languageOf(lng) ?? DEFAULT_LANGUAGE;
};
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

export { i18n };
