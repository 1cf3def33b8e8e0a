import { registerTranslations } from '@masar/shell/runtime';
import ar from '../locales/ar/courses.json';
import en from '../locales/en/courses.json';

/** This remote's namespace in the portal's one i18next instance. */
export const COURSES_NAMESPACE = 'courses';

export function registerCoursesTranslations(): void {
  registerTranslations(COURSES_NAMESPACE, { en, ar });
}
