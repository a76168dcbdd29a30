import { i18n } from '../../i18n';
import en from '../../i18n/audit-log.en.json';

/*
 * The audit log's English texts (`auditLog.*`) come with its chunk, not with the app's first one: only admins open
 * it, and every page's first load carried them (issue 25 budgets the script of `/`). They join the main catalogue
 * when this chunk loads; the other languages keep them in their own catalogue, which loads whole when chosen.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
