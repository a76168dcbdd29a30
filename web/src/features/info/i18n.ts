import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import en from '../../i18n/info.en.json';

/**
 * The information and legal pages' texts are their own catalogue namespace (`info`), added when one of these
 * pages' chunks loads: the long legal texts stay out of the first-load bundle, and still go through the one
 * message catalogue (design.md), so another language is one more JSON file here.
 */
if (!i18n.hasResourceBundle('en', 'info')) i18n.addResourceBundle('en', 'info', en);

export function useInfoTranslation() {
  return useTranslation('info');
}
