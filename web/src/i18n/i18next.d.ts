import 'i18next';
import type { MSG } from '@nomadswap/contracts/messages';
import type en from './en.json';
import type infoEn from './info.en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `info` is added at run time by the information pages' chunk (features/info/i18n.ts).
    resources: { translation: typeof en & { msg: typeof MSG }; info: typeof infoEn };
  }
}
