import type { LearningPath, LearningPathCourse } from '@masar/contracts';
import { useMemo } from 'react';
import { useLocaleFormatting, type LocaleFormatting } from '../../../components/useLocaleFormatting';
import { gapSkillName } from '../learning-path-plan';

export interface PathFormatting extends LocaleFormatting {
  /** A gap skill in the current language. */
  nameOf: (skill: string) => string;
  /** A course's title in the current language. */
  titleOf: (course: Pick<LearningPathCourse, 'title' | 'titleAr'>) => string;
  /** "Python, SQL and Statistics", with the current language's commas and "and". */
  formatList: (items: string[]) => string;
}

/** Dates (as plan dates: see `formatPlanDate`), numbers, skill names and course titles of one path, in the current language. */
export function usePathFormatting(path: Pick<LearningPath, 'gaps'> | undefined): PathFormatting {
  const formatting = useLocaleFormatting();
  const gaps = path?.gaps;
  return useMemo(() => {
    const list = new Intl.ListFormat(formatting.language, { style: 'long', type: 'conjunction' });
    return {
      ...formatting,
      // Every date of a plan (start, courses, milestones) in both calendars of the Gulf year in Arabic.
      formatDate: formatting.formatPlanDate,
      nameOf: (skill: string) => gapSkillName(gaps ?? [], skill, formatting.language),
      titleOf: ({ title, titleAr }) => formatting.localTitle(title, titleAr),
      formatList: (items: string[]) => list.format(items),
    };
  }, [formatting, gaps]);
}
