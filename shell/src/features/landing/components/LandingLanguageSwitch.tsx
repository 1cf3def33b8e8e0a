import { useTranslation } from 'react-i18next';
import { loadShellTranslations } from '../../../i18n/shell-translations-lazy';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, DEFAULT_LANGUAGE, type Language } from '../../../runtime/i18n/i18n';

const LANGUAGES: Language[] = ['en', 'ar'];

/**
 * English / العربية for a visitor, drawn like antd's Segmented without antd. A visitor has no
 * profile to save the choice to; the choice is remembered in the browser by changeLanguage. The
 * other language's shell strings are fetched first, since the landing page loads only the active one.
 */
export function LandingLanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  const switchTo = async (next: Language) => {
    if (next === current) return;
    await loadShellTranslations(next);
    await changeLanguage(next);
  };

  return (
    <div className="masar-segmented" role="group" aria-label={t('language.label')} data-testid="language-switch">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={language === current ? 'masar-segmented-item masar-segmented-item-selected' : 'masar-segmented-item'}
          aria-pressed={language === current}
          onClick={() => void switchTo(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
