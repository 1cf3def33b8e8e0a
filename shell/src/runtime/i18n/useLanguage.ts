import { useTranslation } from 'react-i18next';
import { changeLanguage, directionOf, isLanguage, DEFAULT_LANGUAGE, type Direction, type Language } from './i18n';

export interface LanguageState {
  language: Language;
  direction: Direction;
  changeLanguage: (language: Language) => Promise<void>;
}

/** The current language and direction; re-renders when either changes. */
export function useLanguage(): LanguageState {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return { language, direction: directionOf(language), changeLanguage };
}
