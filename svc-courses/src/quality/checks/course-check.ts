import type { LessonType, QualityCheck, QualitySeverity } from '@masar/contracts';

/*
 * What the quality checks read and what they say. Checks are pure functions of a course: the
 * review worker loads the course, runs them all (quality-checks.ts) and stores what they yield.
 */

export interface ReviewedLesson {
  id: string;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  keyPoints: string[];
  activities: string[];
}

export interface ReviewedModule {
  id: string;
  title: string;
  description: string;
  lessons: ReviewedLesson[];
}

export interface ReviewedCourse {
  id: string;
  title: string;
  description: string;
  objective: string | null;
  titleAr: string | null;
  descriptionAr: string | null;
  language: string;
  estimatedHours: number | null;
  modules: ReviewedModule[];
}

/** One result of one check: on the course, a module or a lesson. */
export interface CheckResult {
  check: QualityCheck;
  passed: boolean;
  severity: QualitySeverity;
  moduleId?: string;
  lessonId?: string;
  /** A sentence a person understands, in English. */
  message: string;
}

export type CourseCheck = (course: ReviewedCourse) => CheckResult[];

/** Where a result points: a module, or a lesson of a module. */
export interface ResultPlace {
  module?: Pick<ReviewedModule, 'id'>;
  lesson?: Pick<ReviewedLesson, 'id'>;
}

export function resultOf(
  check: QualityCheck,
  severity: QualitySeverity,
  passed: boolean,
  place: ResultPlace,
  message: string,
): CheckResult {
  return {
    check,
    passed,
    severity,
    ...(place.module ? { moduleId: place.module.id } : {}),
    ...(place.lesson ? { lessonId: place.lesson.id } : {}),
    message,
  };
}

export interface PlacedLesson {
  module: ReviewedModule;
  lesson: ReviewedLesson;
}

/** Every lesson of the course with its module, in course order. */
export function lessonsOf(course: ReviewedCourse): PlacedLesson[] {
  return course.modules.flatMap((module) => module.lessons.map((lesson) => ({ module, lesson })));
}

/** A lesson's whole text: its content, key points and activities. */
export function fullTextOf(lesson: ReviewedLesson): string {
  return [lesson.content, ...lesson.keyPoints, ...lesson.activities].join('\n');
}

/** A quote short enough for a message. */
export function quoteOf(text: string, maxLength = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > maxLength ? `${flat.slice(0, maxLength - 1).trimEnd()}…` : flat}”`;
}
