import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES } from '@portal/contract/languages';
import { useT } from '../i18n/use-t';
import { chooseGuestLanguage, useLanguage } from '../i18n/language';
import classes from './language-select.module.css';

/**
 * Issue 34: the language switcher of the landing page and the auth screens. A native select: it
 * works with every input method, and needs neither Mantine nor a menu on the landing page. Each
 * language is named in itself (and marked up in it), so that a reader finds their own.
 */
export function LanguageSelect({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t } = useT();
  const language = useLanguage();
  return (
    <label className={classes.switcher}>
      <span className={classes.label}>{t('language.label')}</span>
      <select
        className={classes.select}
        value={isLanguage(language) ? language : 'en'}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (!isLanguage(next)) return;
          void chooseGuestLanguage(next).then(() => onChosen?.(next));
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
