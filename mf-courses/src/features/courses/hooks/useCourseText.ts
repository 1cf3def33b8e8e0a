import type { CourseSummary } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface CourseText {
  title: string;
  description: string;
  /** The language each is written in, for `lang` and the reading direction. */
  titleLang: 'ar' | 'en';
  descriptionLang: 'ar' | 'en';
}

type Translatable = Pick<CourseSummary, 'title' | 'description' | 'titleAr' | 'descriptionAr'>;

/**
 * The catalog writes courses in English with Arabic titles and descriptions; an Arabic
 * interface shows those, and the catalog's own words for anything it has no translation of.
 */
export function useCourseText() {
  const { language } = useLanguage();
  const { t } = useTranslation('courses');

  const textOf = useCallback(
    (course: Translatable): CourseText => {
      const arabic = language === 'ar';
      const title = arabic && course.titleAr ? course.titleAr : course.title;
      const description = arabic && course.descriptionAr ? course.descriptionAr : course.description;
      return {
        title,
        description,
        titleLang: title === course.titleAr ? 'ar' : 'en',
        descriptionLang: description === course.descriptionAr ? 'ar' : 'en',
      };
    },
    [language],
  );

  /** Category, format and level names of the catalog in the interface's language. */
  const categoryName = useCallback((category: string) => t(`categories.${category}`, { defaultValue: category }), [t]);
  const formatName = useCallback((format: string) => t(`formats.${format}`, { defaultValue: format }), [t]);

  return { textOf, categoryName, formatName, language };
}
