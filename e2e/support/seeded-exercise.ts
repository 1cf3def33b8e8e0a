import type { CourseDetail, CourseList } from '@masar/contracts';
import type { Page } from 'playwright-core';
import { callApiOk } from './browser';

/** The seed library's exercise lesson that the exercise tests hand work in to. */
export const SEEDED_EXERCISE = { courseTitle: 'Agile and Scrum in Practice', lessonTitle: 'Facilitating a Retrospective' };

/** The seeded exercise's course and lesson ids, looked up through the API as the person signed in on `page`. */
export async function seededExercise(page: Page): Promise<{ courseId: string; lessonId: string }> {
  const list = await callApiOk<CourseList>(page, 'GET', `/api/courses?q=${encodeURIComponent('Agile and Scrum')}&page=1&pageSize=12`);
  const summary = list.items.find((item) => item.title === SEEDED_EXERCISE.courseTitle);
  if (!summary) throw new Error(`${SEEDED_EXERCISE.courseTitle} is not in the catalog`);
  const { course } = await callApiOk<{ course: CourseDetail }>(page, 'GET', `/api/courses/${summary.id}`);
  const lesson = course.modules.flatMap((module) => module.lessons).find((candidate) => candidate.title === SEEDED_EXERCISE.lessonTitle);
  if (!lesson) throw new Error(`No lesson "${SEEDED_EXERCISE.lessonTitle}"`);
  return { courseId: course.id, lessonId: lesson.id };
}
