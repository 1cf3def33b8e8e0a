import {
  addLessonRequestSchema,
  addModuleRequestSchema,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  COURSE_STRUCTURE_SUBJECTS,
  type CourseDetail,
  type CourseModuleDetail,
  describeValidationError,
  type ErrorReply,
  LAST_LESSON_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  LESSON_ORDER_MISMATCH_MESSAGE,
  type LessonDetail,
  lessonRefRequestSchema,
  MODULE_NOT_FOUND_MESSAGE,
  MODULE_ORDER_MISMATCH_MESSAGE,
  moduleRefRequestSchema,
  moveLessonRequestSchema,
  type NewLessonBody,
  reorderLessonsRequestSchema,
  reorderModulesRequestSchema,
  updateModuleRequestSchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

type Reply = { response: unknown } | { err: ErrorReply };

const ADMINS_ONLY: Reply = { err: { statusCode: 403, message: 'You do not have permission to do this' } };
const notFound = (message: string): Reply => ({ err: { statusCode: 404, message } });

/** The same ids, each once, in any order. */
function sameIds(current: readonly { id: string }[], proposed: readonly string[]): boolean {
  return current.length === proposed.length && new Set(proposed).size === proposed.length && current.every(({ id }) => proposed.includes(id));
}

function newLesson(lesson: NewLessonBody): LessonDetail {
  return { id: randomUUID(), ...lesson };
}

/**
 * svc-courses' structure subjects over the stand-in's courses, with its rules (admins only, ids of
 * the course only, full reorder lists, a course keeps a lesson), so the browser's pacts verify here.
 */
export class StandInCourseStructure {
  constructor(private readonly courses: Map<string, CourseDetail>) {}

  handlers(): Record<string, (data: unknown, caller: Caller | null) => Reply> {
    return {
      [COURSE_STRUCTURE_SUBJECTS.ADD_MODULE]: (data, caller) =>
        this.change(addModuleRequestSchema, data, caller, ({ module }, course) => {
          const { firstLesson, ...fields } = module;
          course.modules.push({ id: randomUUID(), ...fields, lessons: firstLesson ? [newLesson(firstLesson)] : [] });
        }),
      [COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE]: (data, caller) =>
        this.change(updateModuleRequestSchema, data, caller, ({ moduleId, changes }, course) => {
          const module = course.modules.find(({ id }) => id === moduleId);
          if (!module) return notFound(MODULE_NOT_FOUND_MESSAGE);
          Object.assign(module, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
        }),
      [COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE]: (data, caller) =>
        this.change(moduleRefRequestSchema, data, caller, ({ moduleId }, course) => {
          if (!course.modules.some(({ id }) => id === moduleId)) return notFound(MODULE_NOT_FOUND_MESSAGE);
          course.modules = course.modules.filter(({ id }) => id !== moduleId);
        }),
      [COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES]: (data, caller) =>
        this.change(reorderModulesRequestSchema, data, caller, ({ moduleIds }, course) => {
          if (!sameIds(course.modules, moduleIds)) return { err: { statusCode: 400, message: MODULE_ORDER_MISMATCH_MESSAGE } };
          course.modules = moduleIds.map((id) => course.modules.find((module) => module.id === id) as CourseModuleDetail);
        }),
      [COURSE_STRUCTURE_SUBJECTS.ADD_LESSON]: (data, caller) =>
        this.change(addLessonRequestSchema, data, caller, ({ moduleId, lesson }, course) => {
          const module = course.modules.find(({ id }) => id === moduleId);
          if (!module) return notFound(MODULE_NOT_FOUND_MESSAGE);
          module.lessons.push(newLesson(lesson));
        }),
      [COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON]: (data, caller) =>
        this.change(lessonRefRequestSchema, data, caller, ({ lessonId }, course) => {
          const module = course.modules.find(({ lessons }) => lessons.some(({ id }) => id === lessonId));
          if (!module) return notFound(LESSON_NOT_FOUND_MESSAGE);
          if (course.modules.flatMap(({ lessons }) => lessons).length <= 1) return { err: { statusCode: 409, message: LAST_LESSON_MESSAGE } };
          module.lessons = module.lessons.filter(({ id }) => id !== lessonId);
        }),
      [COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS]: (data, caller) =>
        this.change(reorderLessonsRequestSchema, data, caller, ({ moduleId, lessonIds }, course) => {
          const module = course.modules.find(({ id }) => id === moduleId);
          if (!module) return notFound(MODULE_NOT_FOUND_MESSAGE);
          if (!sameIds(module.lessons, lessonIds)) return { err: { statusCode: 400, message: LESSON_ORDER_MISMATCH_MESSAGE } };
          module.lessons = lessonIds.map((id) => module.lessons.find((lesson) => lesson.id === id) as LessonDetail);
        }),
      [COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON]: (data, caller) =>
        this.change(moveLessonRequestSchema, data, caller, ({ lessonId, moduleId, position }, course) => {
          const from = course.modules.find(({ lessons }) => lessons.some(({ id }) => id === lessonId));
          if (!from) return notFound(LESSON_NOT_FOUND_MESSAGE);
          const to = course.modules.find(({ id }) => id === moduleId);
          if (!to) return notFound(MODULE_NOT_FOUND_MESSAGE);
          const lesson = from.lessons.find(({ id }) => id === lessonId) as LessonDetail;
          from.lessons = from.lessons.filter(({ id }) => id !== lessonId);
          to.lessons.splice(position ?? to.lessons.length, 0, lesson);
        }),
    };
  }

  /** Checks the payload and the caller, changes a copy of the course, and keeps it unless `apply` refused. */
  private change<S extends z.ZodType<{ courseId: string }>>(
    schema: S,
    data: unknown,
    caller: Caller | null,
    apply: (request: z.output<S>, course: CourseDetail) => Reply | void,
  ): Reply {
    if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
    const parsed = schema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    if (caller.role !== 'admin') return ADMINS_ONLY;
    const stored = this.courses.get(parsed.data.courseId);
    if (!stored) return notFound(COURSE_NOT_FOUND_MESSAGE);
    const course: CourseDetail = structuredClone(stored);
    const refused = apply(parsed.data, course);
    if (refused) return refused;
    this.courses.set(course.id, course);
    return { response: course };
  }
}
