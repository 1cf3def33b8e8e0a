// What mf_courses gives the portal. Importing it registers the remote's translations
// in the shell's i18next instance; the pages then use the shell's store and router.
import { registerCoursesTranslations } from './i18n/courses-translations';

registerCoursesTranslations();

export { CoursesPage } from './features/courses/components/CoursesPage';
export { CourseSearchPage } from './features/course-search/components/CourseSearchPage';
