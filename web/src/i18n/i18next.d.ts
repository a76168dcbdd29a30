import 'i18next';
import type { MSG } from '@nomadswap/contracts/messages';
import type en from './en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { msg: typeof MSG } };
  }
}
