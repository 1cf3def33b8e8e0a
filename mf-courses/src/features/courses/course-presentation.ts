import type { CourseDetail, CourseModuleDetail, LessonDetail } from '@masar/contracts';

/** How many skills a card names before it says "+N more". */
export const SKILLS_SHOWN_ON_CARD = 3;

export function splitSkills(skills: readonly string[], shown = SKILLS_SHOWN_ON_CARD): { shown: string[]; hiddenCount: number } {
  return { shown: skills.slice(0, shown), hiddenCount: Math.max(0, skills.length - shown) };
}

/** A lesson with where it sits in the course, for the lesson view and its previous and next. */
export interface LessonInCourse {
  lesson: LessonDetail;
  module: CourseModuleDetail;
  /** 1-based module number, as the Course Content list numbers them. */
  moduleNumber: number;
  /** 0-based position among all lessons of the course. */
  index: number;
}

/** Every lesson of the course in reading order: module by module, lesson by lesson. */
export function lessonsInOrder(course: Pick<CourseDetail, 'modules'>): LessonInCourse[] {
  const ordered: LessonInCourse[] = [];
  course.modules.forEach((module, moduleIndex) => {
    for (const lesson of module.lessons) {
      ordered.push({ lesson, module, moduleNumber: moduleIndex + 1, index: ordered.length });
    }
  });
  return ordered;
}

export interface LessonNeighbours {
  current: LessonInCourse;
  previous?: LessonInCourse;
  next?: LessonInCourse;
  total: number;
}

/** The lesson with the given id and the ones before and after it across the whole course. */
export function findLessonNeighbours(course: Pick<CourseDetail, 'modules'>, lessonId: string): LessonNeighbours | undefined {
  const ordered = lessonsInOrder(course);
  const position = ordered.findIndex((entry) => entry.lesson.id === lessonId);
  if (position < 0) return undefined;
  return {
    current: ordered[position],
    previous: ordered[position - 1],
    next: ordered[position + 1],
    total: ordered.length,
  };
}

/** Paragraphs of a lesson's text: blank lines separate them, single line breaks stay inside. */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

export function lessonPath(courseId: string, lessonId: string): string {
  return `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
}

export function coursePath(courseId: string): string {
  return `/courses/${encodeURIComponent(courseId)}`;
}
