import { AGENT_TASK_STEPS, AGENT_TASK_JOBS, type AgentTaskResult, COURSE_CHANGED_DURING_ENHANCEMENT_MESSAGE, type LessonEnhancement } from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { AgentTaskWorker, AgentTaskWorkers, StepOutcome } from '../agent-tasks/agent-task-worker';
import type { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { aiCallerOf, starterOf } from '../agent-tasks/task-starter';
import { findCandidateLessons } from '../course-authoring/catalog-lesson-search';
import { CourseAuthoringService } from '../course-authoring/course-authoring.service';
import { durationMinutes, type PlannedLessonOutline, toLessonSource } from '../course-authoring/course-outline-planner';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { reindexCourse } from '../course-search/course-search-index';
import { lessonLengthOf } from '../quality/checks/lesson-length.check';
import { QualityReviewService } from '../quality/quality-review.service';
import {
  changeLines,
  type LessonRewrite,
  type ModuleEnhancement,
  planModuleEnhancement,
  quizChange,
  type StoredModule,
  tooShortLessons,
  tooShortNote,
} from './enhancement-planner';

/** What a content-enhancement task is started with: the course, and how it stood then. */
export interface ContentEnhancementInput extends Record<string, unknown> {
  courseId: string;
  courseTitle: string;
  /** The course's updated_at as Postgres wrote it (to the microsecond): `finish` refuses to apply over a later change. */
  courseUpdatedAt: string;
  moduleIds: string[];
}

/** Each module's planned changes, in course order. */
export interface ContentEnhancementCheckpoint extends Record<string, unknown> {
  modules: ModuleEnhancement[];
}

/** Library lessons a too-short lesson is rewritten from. */
const SOURCES_PER_REWRITE = 2;

/** One step per module, then applying the changes. */
export function contentEnhancementSteps(moduleCount: number): number {
  return moduleCount + 1;
}

function inputOf(task: AgentTask): ContentEnhancementInput {
  return task.input as ContentEnhancementInput;
}

/**
 * The Content Enhancement agent: reads a course a module a step and plans what its lessons lack
 * (enhancement-planner.ts), keeps the plan in the checkpoint, and applies all of it in the
 * transaction that completes the task, refusing when the course changed meanwhile. Then it queues
 * a quality review of the course.
 */
@Injectable()
export class ContentEnhancementWorker implements AgentTaskWorker<ContentEnhancementCheckpoint>, OnModuleInit {
  readonly jobName = AGENT_TASK_JOBS.CONTENT_ENHANCEMENT;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workers: AgentTaskWorkers,
    private readonly authoring: CourseAuthoringService,
    private readonly quality: QualityReviewService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.workers.register(this);
  }

  stepLabel(index: number, task: AgentTask): string {
    const { moduleIds } = inputOf(task);
    return index < moduleIds.length ? AGENT_TASK_STEPS.readingModule(index + 1, moduleIds.length) : AGENT_TASK_STEPS.applyingChanges;
  }

  async runStep(index: number, task: AgentTask, checkpoint: ContentEnhancementCheckpoint | null): Promise<StepOutcome<ContentEnhancementCheckpoint>> {
    const input = inputOf(task);
    const course = await this.dataSource.manager.findOne(Course, { where: { id: input.courseId } });
    const module = course ? await this.storedModule(input.moduleIds[index]) : null;
    if (!course || !module) throw rpcError(409, COURSE_CHANGED_DURING_ENHANCEMENT_MESSAGE);
    const moduleNumber = index + 1;
    const { rewrites, notes } = await this.rewriteTooShort(task, course, module, moduleNumber);
    const planned = planModuleEnhancement(module, moduleNumber, rewrites, notes);
    const lines = changeLines(planned);
    return {
      // A resumed run repeats no module: it starts after the last committed one.
      checkpoint: { modules: [...(checkpoint?.modules ?? []).slice(0, index), planned] },
      log:
        `Module ${moduleNumber} "${module.title}": ` +
        (lines.length === 0 ? 'nothing to add' : `${lines.length} ${lines.length === 1 ? 'change' : 'changes'} planned`) +
        (planned.notes.length > 0 ? `; ${planned.notes.length} left as ${planned.notes.length === 1 ? 'it is' : 'they are'}` : ''),
    };
  }

  async finish(manager: EntityManager, task: AgentTask, checkpoint: ContentEnhancementCheckpoint): Promise<{ result: AgentTaskResult; log: string }> {
    const input = inputOf(task);
    // Locked until the task completes, so nothing can change the course between this check and the writes.
    const [course] = await manager.query<Array<{ unchanged: boolean; estimated_hours: string | null }>>(
      `SELECT "updated_at" = $2::timestamptz AS unchanged, "estimated_hours" FROM "courses"."courses" WHERE id = $1 FOR UPDATE`,
      [input.courseId, input.courseUpdatedAt],
    );
    if (!course?.unchanged) throw rpcError(409, COURSE_CHANGED_DURING_ENHANCEMENT_MESSAGE);
    const at = new Date().toISOString();
    const record = (changes: string[]): LessonEnhancement[] => [{ at, taskId: task.id, changes }];
    let addedMinutes = 0;
    for (const module of checkpoint.modules) {
      for (const lesson of module.lessons) {
        await manager.query(
          `UPDATE "courses"."lessons"
              SET "key_points" = coalesce($2::text[], "key_points"), "activities" = coalesce($3::text[], "activities"),
                  "content" = coalesce($4, "content"), "sources" = coalesce($5::jsonb, "sources"), "enhancements" = "enhancements" || $6::jsonb,
                  "ai_label" = coalesce($8::jsonb, "ai_label")
            WHERE id = $1 AND "module_id" = $7`,
          [
            lesson.lessonId,
            lesson.keyPoints ?? null,
            lesson.activities ?? null,
            lesson.content ?? null,
            lesson.sources ? JSON.stringify(lesson.sources) : null,
            JSON.stringify(record(lesson.changes)),
            module.moduleId,
            // A rewritten lesson is now svc-ai's writing, dated with the enhancement that applied it.
            lesson.aiLabel ? JSON.stringify({ ...lesson.aiLabel, at }) : null,
          ],
        );
      }
      if (module.quiz) {
        const [last] = await manager.query<Array<{ next: number }>>(
          `SELECT coalesce(max("position") + 1, 0) AS next FROM "courses"."lessons" WHERE "module_id" = $1`,
          [module.moduleId],
        );
        await manager.insert(Lesson, { ...module.quiz, moduleId: module.moduleId, position: last.next, enhancements: record([quizChange(module.quiz)]) });
        addedMinutes += durationMinutes(module.quiz.duration);
      }
    }
    // Rewritten text, key points and added quizzes are searched as they now read.
    await reindexCourse(manager, input.courseId);
    const changes = checkpoint.modules.flatMap(changeLines);
    const notes = checkpoint.modules.flatMap((module) => module.notes);
    if (changes.length > 0) {
      // The course's estimated hours keep up with the quizzes added, to the half hour as Masar rounds them.
      const hours = course.estimated_hours === null || addedMinutes === 0 ? null : Math.round((Number(course.estimated_hours) + addedMinutes / 60) * 2) / 2;
      await manager.update(Course, { id: input.courseId }, { updatedAt: new Date(), ...(hours === null ? {} : { estimatedHours: hours }) });
    }
    return {
      result: { courseId: input.courseId, courseTitle: input.courseTitle, changes, ...(notes.length > 0 ? { notes } : {}) },
      log:
        changes.length === 0
          ? `Nothing to change in "${input.courseTitle}"${notes.length > 0 ? `; ${notes.length} left as ${notes.length === 1 ? 'it is' : 'they are'}, as the result notes` : ''}`
          : `Applied ${changes.length} ${changes.length === 1 ? 'change' : 'changes'} to "${input.courseTitle}"`,
    };
  }

  /** The changed course gets a fresh review; one that cannot be queued is logged, never fails the enhancement. */
  async afterFinish(task: AgentTask, result: AgentTaskResult): Promise<void> {
    try {
      await this.quality.startReview(starterOf(task), result.courseId);
    } catch (error) {
      this.logger.warn({ err: error, taskId: task.id, courseId: result.courseId }, 'the enhanced course could not be queued for a quality review');
    }
  }

  private async storedModule(moduleId: string | undefined): Promise<StoredModule | null> {
    if (!moduleId) return null;
    const module = await this.dataSource.manager.findOne(CourseModule, { where: { id: moduleId } });
    if (!module) return null;
    const lessons = await this.dataSource.manager.find(Lesson, { where: { moduleId }, order: { position: 'ASC' } });
    return {
      id: module.id,
      title: module.title,
      description: module.description,
      lessons: lessons.map(({ id, title, type, duration, content, keyPoints, activities, sources }) => ({
        id,
        title,
        type,
        duration,
        content,
        keyPoints,
        activities,
        sources,
      })),
    };
  }

  /**
   * The module's too-short lessons written again by svc-ai from the library's best lessons on the
   * course's skills and the lesson's title (never the course's own), each library lesson used once.
   */
  private async rewriteTooShort(task: AgentTask, course: Course, module: StoredModule, moduleNumber: number): Promise<{ rewrites: Map<string, LessonRewrite>; notes: string[] }> {
    const rewrites = new Map<string, LessonRewrite>();
    const notes: string[] = [];
    const used = new Set<string>();
    const planned: PlannedLessonOutline[] = [];
    for (const lesson of tooShortLessons(module)) {
      const candidates = await findCandidateLessons(this.dataSource.manager, {
        texts: [lesson.title, module.title, course.title],
        skills: course.skills,
        excludeCourseId: course.id,
        excludeLessonIds: [...used],
        language: course.language === 'ar' ? 'ar' : 'en',
      });
      // A lesson as thin as this one would not make it any longer.
      const sources = candidates.filter((candidate) => !lessonLengthOf(candidate).tooShort).slice(0, SOURCES_PER_REWRITE);
      if (sources.length === 0) {
        notes.push(tooShortNote(moduleNumber, lesson, "the library has no material on the course's skills or on the lesson's subject"));
        continue;
      }
      for (const source of sources) used.add(source.lessonId);
      planned.push({ key: lesson.id, title: lesson.title, type: lesson.type, duration: lesson.duration, sources: sources.map(toLessonSource) });
    }
    if (planned.length === 0) return { rewrites, notes };
    // Written for the admin who started the task: svc-ai applies their settings and logs it as theirs.
    const [written] = await this.authoring.writeLessons(
      [{ title: module.title, description: module.description, lessons: planned }],
      {
        title: course.title,
        description: course.description,
        ...(course.objective ? { objective: course.objective } : {}),
        language: course.language === 'ar' ? 'ar' : 'en',
      },
      aiCallerOf(task),
    );
    written.lessons.forEach((lesson, index) => {
      rewrites.set(planned[index].key, {
        content: lesson.content,
        keyPoints: lesson.keyPoints,
        activities: lesson.activities,
        sources: lesson.sources,
        ...(lesson.aiLabel ? { aiLabel: lesson.aiLabel } : {}),
      });
    });
    return { rewrites, notes };
  }
}
