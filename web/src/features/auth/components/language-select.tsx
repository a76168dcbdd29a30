import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, isLanguage } from '../../../i18n';
import { LANGUAGE_NAMES } from './language-names';
import { NativeSelect } from '../../../components/ui/native-select';
import { useChooseLanguage } from '../hooks/use-choose-language';

/**
 * The footer's language switcher: a labelled native select (keyboard and phone pickers for free), each language
 * named in itself and marked with its `lang`, so a screen reader pronounces it and a reader finds their own.
 */
export function LanguageSelect() {
  // useTranslation renders this again when the language changes.
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm">
        {t('nav.language')}
      </label>
      <NativeSelect
        id={id}
        className="h-9 w-auto"
        value={currentLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) choose(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
