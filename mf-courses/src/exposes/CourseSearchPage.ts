// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent).
import { registerCoursesTranslations } from '../i18n/courses-translations';

registerCoursesTranslations();

export { CourseSearchPage as default } from '../features/course-search/components/CourseSearchPage';
