import {
  type AddLessonRequest,
  type AddModuleRequest,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  type CourseDetail,
  EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE,
  LAST_LESSON_MESSAGE,
  LAST_LESSONS_MODULE_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  LESSON_ORDER_MISMATCH_MESSAGE,
  type LessonRefRequest,
  MAX_LESSONS_PER_MODULE,
  MAX_MODULES_PER_COURSE,
  MODULE_NOT_FOUND_MESSAGE,
  MODULE_ORDER_MISMATCH_MESSAGE,
  type ModuleRefRequest,
  type MoveLessonRequest,
  type NewLessonBody,
  type ReorderLessonsRequest,
  type ReorderModulesRequest,
  SAME_MODULE_MESSAGE,
  tooManyCourseModulesMessage,
  tooManyLessonsMessage,
  type UpdateModuleRequest,
} from '@masar/contracts';
import { EventsPublisher, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import { reindexCourse } from '../course-search/course-search-index';
import { ADMIN_COURSE_VIEW, CoursesService } from '../courses/courses.service';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { draftIfNewLessonsNeedWork, lessonIdsOfCourse } from '../course-publishing/unwritten-new-lessons';
import { filesOfLessonsBeingRemoved, NO_RELEASED_FILES, type ReleasedLessonFiles, ReleasedLessonFilesCleanup } from '../lesson-files/released-lesson-files';
import { publishStructureChanged } from './structure-changed-event';
import { insertAt, isReorderOf } from './structure-order';

/**
 * What one change did: whether the set of lessons moved (svc-progress then recounts), and the
 * uploaded videos of the lessons it deleted (deleted from the store once it commits, unless shown elsewhere).
 */
type Change = (manager: EntityManager) => Promise<{ lessonsChanged: boolean; releasedFiles?: ReleasedLessonFiles }>;

/**
 * Admins' changes to a course's modules and lessons. Each is one transaction under the course's row
 * lock: the change, positions renumbered densely from 0 (in two steps, since the unique (parent,
 * position) constraints are checked row by row), updated_at bumped and the search passages rewritten.
 * Lessons keep their ids through every change, so learners' progress stays with them.
 */
@Injectable()
export class CourseStructureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
    private readonly events: EventsPublisher,
    private readonly releasedFiles: ReleasedLessonFilesCleanup,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  addModule({ courseId, module }: AddModuleRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      const moduleIds = await this.moduleIdsOf(manager, courseId);
      if (moduleIds.length >= MAX_MODULES_PER_COURSE) throw rpcError(400, tooManyCourseModulesMessage());
      const saved = await manager.save(
        manager.create(CourseModule, { courseId, position: moduleIds.length, title: module.title, description: module.description }),
      );
      if (module.firstLesson) await insertLesson(manager, saved.id, 0, module.firstLesson);
      return { lessonsChanged: module.firstLesson !== undefined };
    });
  }

  updateModule({ courseId, moduleId, changes }: UpdateModuleRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      await this.findModule(manager, courseId, moduleId);
      const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await manager.update(CourseModule, { id: moduleId }, fields);
      return { lessonsChanged: false };
    });
  }

  deleteModule({ courseId, moduleId }: ModuleRefRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      await this.findModule(manager, courseId, moduleId);
      const lessonsElsewhere = await manager.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
         WHERE m.course_id = $1 AND m.id <> $2`,
        [courseId, moduleId],
      );
      const lessonsHere = await manager.countBy(Lesson, { moduleId });
      if (lessonsHere > 0 && lessonsElsewhere[0].count === 0) throw rpcError(409, LAST_LESSONS_MODULE_MESSAGE);
      const releasedFiles = await filesOfLessonsBeingRemoved(manager, { moduleId });
      await manager.delete(CourseModule, { id: moduleId });
      await applyModuleOrder(manager, courseId, (await this.moduleIdsOf(manager, courseId)));
      return { lessonsChanged: lessonsHere > 0, releasedFiles };
    });
  }

  reorderModules({ courseId, moduleIds }: ReorderModulesRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      if (!isReorderOf(await this.moduleIdsOf(manager, courseId), moduleIds)) throw rpcError(400, MODULE_ORDER_MISMATCH_MESSAGE);
      await applyModuleOrder(manager, courseId, moduleIds);
      return { lessonsChanged: false };
    });
  }

  addLesson({ courseId, moduleId, lesson }: AddLessonRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      await this.findModule(manager, courseId, moduleId);
      const count = await manager.countBy(Lesson, { moduleId });
      if (count >= MAX_LESSONS_PER_MODULE) throw rpcError(400, tooManyLessonsMessage());
      await insertLesson(manager, moduleId, count, lesson);
      return { lessonsChanged: true };
    });
  }

  deleteLesson({ courseId, lessonId }: LessonRefRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      const lesson = await this.findLesson(manager, courseId, lessonId);
      const [{ count }] = await manager.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id WHERE m.course_id = $1`,
        [courseId],
      );
      if (count <= 1) throw rpcError(409, LAST_LESSON_MESSAGE);
      const releasedFiles = await filesOfLessonsBeingRemoved(manager, { lessonId });
      await manager.delete(Lesson, { id: lessonId });
      await applyLessonOrder(manager, lesson.moduleId, await lessonIdsOf(manager, lesson.moduleId));
      return { lessonsChanged: true, releasedFiles };
    });
  }

  reorderLessons({ courseId, moduleId, lessonIds }: ReorderLessonsRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      await this.findModule(manager, courseId, moduleId);
      if (!isReorderOf(await lessonIdsOf(manager, moduleId), lessonIds)) throw rpcError(400, LESSON_ORDER_MISMATCH_MESSAGE);
      await applyLessonOrder(manager, moduleId, lessonIds);
      return { lessonsChanged: false };
    });
  }

  moveLesson({ courseId, lessonId, moduleId, position }: MoveLessonRequest, caller: Caller): Promise<CourseDetail> {
    return this.change(courseId, caller, async (manager) => {
      const lesson = await this.findLesson(manager, courseId, lessonId);
      await this.findModule(manager, courseId, moduleId);
      if (lesson.moduleId === moduleId) throw rpcError(400, SAME_MODULE_MESSAGE);
      const target = await lessonIdsOf(manager, moduleId);
      if (target.length >= MAX_LESSONS_PER_MODULE) throw rpcError(400, tooManyLessonsMessage());
      await applyLessonOrder(manager, moduleId, insertAt(target, lessonId, position));
      await applyLessonOrder(manager, lesson.moduleId, await lessonIdsOf(manager, lesson.moduleId));
      // The set of lessons is the same, but their course order changed: progress keeps counting the same ids.
      return { lessonsChanged: false };
    });
  }

  /**
   * Runs one change on the locked course, then bumps updated_at, reindexes and, when lessons came or
   * went, tells svc-progress. A published course that gained lessons still needing work goes back to
   * draft (see draftIfNewLessonsNeedWork). Once committed, uploaded videos of deleted lessons that no
   * lesson shows any more, and the files learners attached to their exercises, leave their stores.
   */
  private async change(courseId: string, caller: Caller, apply: Change): Promise<CourseDetail> {
    const released = await this.dataSource.transaction(async (manager) => {
      const locked = await manager.query<Array<{ kind: string }>>('SELECT kind FROM "courses"."courses" WHERE id = $1 FOR UPDATE', [courseId]);
      if (locked.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
      // External training mirrors a provider's catalog entry: its outline is theirs, not ours to rewrite.
      if (locked[0].kind === 'external') throw rpcError(409, EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE);
      const lessonsBefore = await lessonIdsOfCourse(manager, courseId);
      const { lessonsChanged, releasedFiles = NO_RELEASED_FILES } = await apply(manager);
      const now = new Date();
      await manager.update(Course, { id: courseId }, { updatedAt: now });
      await reindexCourse(manager, courseId);
      if (lessonsChanged) {
        if (await draftIfNewLessonsNeedWork(manager, courseId, lessonsBefore)) {
          this.logger.info({ courseId }, 'a published course gained lessons that need work: it is a draft again');
        }
        await publishStructureChanged(manager, this.events, this.logger, courseId, caller.id, now);
      }
      return releasedFiles;
    });
    await this.releasedFiles.deleteReleased(released);
    return this.courses.get(courseId, ADMIN_COURSE_VIEW);
  }

  private async moduleIdsOf(manager: EntityManager, courseId: string): Promise<string[]> {
    const rows = await manager.find(CourseModule, { select: { id: true }, where: { courseId }, order: { position: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /** A module of this course; another course's module is "not found", as a missing one is. */
  private async findModule(manager: EntityManager, courseId: string, moduleId: string): Promise<void> {
    const found = await manager.existsBy(CourseModule, { id: moduleId, courseId });
    if (!found) throw rpcError(404, MODULE_NOT_FOUND_MESSAGE);
  }

  /** A lesson of this course (locked); another course's lesson is "not found", as a missing one is. */
  private async findLesson(manager: EntityManager, courseId: string, lessonId: string): Promise<{ moduleId: string }> {
    const rows = await manager.query<Array<{ module_id: string }>>(
      `SELECT l.module_id FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
       WHERE l.id = $1 AND m.course_id = $2 FOR UPDATE OF l`,
      [lessonId, courseId],
    );
    if (rows.length === 0) throw rpcError(404, LESSON_NOT_FOUND_MESSAGE);
    return { moduleId: rows[0].module_id };
  }
}

async function lessonIdsOf(manager: EntityManager, moduleId: string): Promise<string[]> {
  const rows = await manager.find(Lesson, { select: { id: true }, where: { moduleId }, order: { position: 'ASC' } });
  return rows.map((row) => row.id);
}

async function insertLesson(manager: EntityManager, moduleId: string, position: number, lesson: NewLessonBody): Promise<void> {
  await manager.insert(Lesson, {
    moduleId,
    position,
    title: lesson.title,
    type: lesson.type,
    duration: lesson.duration,
    content: lesson.content,
    keyPoints: lesson.keyPoints,
    activities: lesson.activities,
  });
}

/**
 * Gives the listed modules of the course positions 0..n-1 in list order. First every module of the
 * course steps to a negative position (distinct, since positions are), so no row of the second
 * statement lands on a position another still holds.
 */
async function applyModuleOrder(manager: EntityManager, courseId: string, moduleIds: readonly string[]): Promise<void> {
  await manager.query('UPDATE "courses"."modules" SET position = -1 - position WHERE course_id = $1', [courseId]);
  await manager.query(
    `UPDATE "courses"."modules" m SET position = o.ord - 1
     FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord) WHERE m.id = o.id AND m.course_id = $1`,
    [courseId, moduleIds],
  );
}

/** As `applyModuleOrder`, for a module's lessons; a listed lesson of another module moves into this one. */
async function applyLessonOrder(manager: EntityManager, moduleId: string, lessonIds: readonly string[]): Promise<void> {
  await manager.query('UPDATE "courses"."lessons" SET position = -1 - position WHERE module_id = $1', [moduleId]);
  await manager.query(
    `UPDATE "courses"."lessons" l SET module_id = $1, position = o.ord - 1
     FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord) WHERE l.id = o.id`,
    [moduleId, lessonIds],
  );
}
