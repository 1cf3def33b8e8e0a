import { LearningHelperAction, runLearningHelperRequestSchema } from '@masar/contracts';
import { LearningHelperRequest } from '../../src/providers/learning-helper';
import { seedCourse, seedLesson } from './seed-lessons';

/** A helper request on a seed lesson, with the other lessons of its course as the related ones (as svc-courses gathers them). */
export function helperRequest(
  action: LearningHelperAction,
  slug: string,
  title: string,
  overrides: { jobRole?: string; language?: 'en' | 'ar'; text?: string; deeperCourses?: Array<{ title: string; level: string; skills: string[] }> } = {},
): LearningHelperRequest {
  const { course, module, lesson } = seedLesson(slug, title);
  const relatedLessons = seedCourse(slug)
    .modules.flatMap((other) => other.lessons)
    .filter((other) => other.title !== title && other.type !== 'quiz')
    .map((other) => ({ courseTitle: course.title, lessonTitle: other.title, keyPoints: other.keyPoints }));
  return runLearningHelperRequestSchema.parse({
    action,
    query: '',
    language: overrides.language ?? (course.language === 'ar' ? 'ar' : 'en'),
    passage: {
      courseTitle: course.title,
      moduleTitle: module.title,
      lessonTitle: lesson.title,
      text: overrides.text ?? lesson.content,
      keyPoints: lesson.keyPoints,
      activities: lesson.activities,
      skills: course.skills,
      level: course.level,
    },
    relatedLessons,
    deeperCourses: overrides.deeperCourses ?? [],
    ...(overrides.jobRole === undefined ? {} : { jobRole: overrides.jobRole }),
  });
}

export const PIVOT_LESSON = ['excel-essentials-for-everyday-work', 'Pivot tables step by step'] as const;
export const HAZARD_LESSON = ['workplace-safety-and-occupational-health', 'مصدر الخطر والمخاطرة: المفاهيم الأساسية'] as const;
