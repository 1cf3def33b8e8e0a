import type { CourseStatus } from '@masar/contracts';
import { EntityManager } from 'typeorm';
import { Course } from '../courses/entities/course.entity';
import { publicationProblemsOf } from './publication-problems';

/** Every lesson id of the course now: taken before a change that may add lessons, to tell the new ones apart. */
export async function lessonIdsOfCourse(manager: EntityManager, courseId: string): Promise<Set<string>> {
  const rows = await manager.query<Array<{ id: string }>>(
    `SELECT l.id FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id WHERE m.course_id = $1`,
    [courseId],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * A published course that has just gained lessons which still need work (blank, placeholder, or
 * written by the AI without material and not yet checked) goes back to being a draft, in the same
 * transaction: learners must never be shown a placeholder lesson as if it were the course. Only the
 * new lessons decide it (an older course published with a problem the panel now names is not taken
 * away from learners because a good lesson was added). An empty new module does not count either:
 * it shows learners nothing. True when the course moved back to draft; the admin's reply then says
 * `status: 'draft'` and the page names what needs work before publishing again.
 */
export async function draftIfNewLessonsNeedWork(manager: EntityManager, courseId: string, lessonIdsBefore: ReadonlySet<string>): Promise<boolean> {
  const course = await manager.findOneOrFail(Course, { where: { id: courseId }, relations: { modules: { lessons: true } } });
  if (course.status !== 'published') return false;
  const problems = publicationProblemsOf({
    description: course.description,
    modules: (course.modules ?? []).map((module) => ({ id: module.id, title: module.title, lessons: module.lessons ?? [] })),
  });
  if (!problems.some((problem) => problem.lessonId !== undefined && !lessonIdsBefore.has(problem.lessonId))) return false;
  await setCourseStatus(manager, courseId, 'draft');
  return true;
}

/**
 * Changes the status and moves the search index's version on in the same transaction: search
 * results are cached per version (course-search), and a learner's cached results must never keep a
 * course that has just become a draft (nor miss one just published).
 */
export async function setCourseStatus(manager: EntityManager, id: string, status: CourseStatus): Promise<void> {
  await manager.update(Course, { id }, status === 'published' ? { status, publishedAt: new Date() } : { status });
  await manager.query(`UPDATE "courses"."search_index_state" SET "version" = "version" + 1`);
}
