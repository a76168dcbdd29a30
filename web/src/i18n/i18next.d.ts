import 'i18next';
import type { MSG } from '@nomadswap/contracts/messages';
import type en from './en.json';
import type infoEn from './info.en.json';
import type auditLogEn from './audit-log.en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `info` is added at run time by the information pages' chunk (features/info/i18n.ts).
    // `auditLog` joins `translation` when the audit log's chunk loads (features/audit-log/i18n.ts).
    resources: {
      translation: typeof en & typeof auditLogEn & { msg: typeof MSG };
      info: typeof infoEn;
    };
  }
}
