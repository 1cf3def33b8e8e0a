import {
  AddModulesReply,
  type AiContentLabel,
  type Caller,
  AddModulesRequest,
  COURSE_FORM_LIMITS,
  COURSE_NOT_FOUND_MESSAGE,
  CourseDetail,
  CreateCourseRequest,
  EVENT_SUBJECTS,
  Language,
  SKILL_APPROVAL_THRESHOLD,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { CourseSkillsClient } from '../ai/course-skills.client';
import { LessonComposerClient } from '../ai/lesson-composer.client';
import { SvcAiRefusal } from '../ai/svc-ai.requester';
import { courseViewFor, CoursesService } from '../courses/courses.service';
import { QualityReviewService } from '../quality/quality-review.service';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { EventsPublisher, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { reindexCourse } from '../course-search/course-search-index';
import { publishStructureChanged } from '../course-editing/structure-changed-event';
import { draftIfNewLessonsNeedWork, lessonIdsOfCourse } from '../course-publishing/unwritten-new-lessons';
import { findCandidateLessons } from './catalog-lesson-search';
import { dominantCategory, estimatedHoursOf, planCourseOutline, PlannedModuleOutline } from './course-outline-planner';
import { courseCreatedEvent, insertCourse, insertModules, NewCourse, NewModule } from './course-writer';

/** A course keeps the skills the extractor would have a reviewer approve (above SKILL_APPROVAL_THRESHOLD), surest first. */
export const MAX_COURSE_SKILLS = 12;
/** The text svc-ai reads for a course's skills: a long document's opening chapters say what it teaches. */
const SKILL_TEXT_LIMIT = 100_000;
/** Modules whose lessons svc-ai writes at the same time. */
const COMPOSE_CONCURRENCY = 3;

export const EXTERNAL_COURSE_MODULES_MESSAGE = 'External training has no modules of its own to add to';

export function tooManyModulesMessage(existing: number, adding: number): string {
  const room = COURSE_FORM_LIMITS.modules.max - existing;
  return `A course can have at most ${COURSE_FORM_LIMITS.modules.max} modules: this one has ${existing}, so at most ${Math.max(0, room)} can be added (not ${adding})`;
}

/**
 * Courses people create without documents (the manual form and AI Generate): the outline comes
 * from the library's lessons on the same skills and words, and svc-ai writes each lesson from
 * those sources (offline it quotes and cites them; with an LLM it writes grounded in them).
 * Nothing is written until every lesson is ready, and then all of it in one transaction.
 */
@Injectable()
export class CourseAuthoringService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
    private readonly skillsClient: CourseSkillsClient,
    private readonly composer: LessonComposerClient,
    private readonly events: EventsPublisher,
    private readonly quality: QualityReviewService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `caller`: who asked (svc-ai's calls are made for them); the reply shows AI labels to admins only. */
  async createCourse(request: CreateCourseRequest, caller: Caller | null): Promise<CourseDetail> {
    const language: Language = request.language ?? 'en';
    const texts = [request.title, request.description, request.objective ?? ''];
    const skills = request.skills?.length ? request.skills : await this.skillsOrNone(texts.join('\n'), language, caller);
    const candidates = await findCandidateLessons(this.dataSource.manager, { texts, skills, language });
    const outline = planCourseOutline(candidates, {
      courseTitle: request.title,
      numberOfModules: request.numberOfModules,
      lessonsPerModule: request.lessonsPerModule,
    });
    const modules = await this.writeLessons(
      outline,
      { title: request.title, description: request.description, objective: request.objective, language },
      caller,
    );
    const course: NewCourse = {
      title: request.title,
      description: request.description,
      objective: request.objective ?? null,
      duration: request.duration,
      format: request.format,
      departmentOwner: request.departmentOwner,
      color: request.color,
      abbreviation: request.abbreviation,
      imageUrl: request.imageUrl ?? null,
      prerequisites: [],
      skills,
      level: request.level ?? null,
      category: request.category ?? dominantCategory(candidates, outline),
      language,
      estimatedHours: estimatedHoursOf(modules.flatMap((module) => module.lessons.map((lesson) => lesson.duration))),
      createdBy: request.createdBy,
    };
    const id = await this.dataSource.transaction((manager) => insertCourse(manager, course, modules));
    // Stored first: a stream that is away costs other services the news, never the person the course.
    await this.events
      .publish(EVENT_SUBJECTS.COURSE_CREATED, courseCreatedEvent(id, course, new Date()), id)
      .catch((error: unknown) => this.logger.warn({ err: error, courseId: id }, 'course-created event not published'));
    await this.quality.reviewNewCourse(id, caller ?? { id: request.createdBy, role: 'learner' });
    // A new course is a draft: its creator (an admin, the gateway checks) sees it as admins do.
    return this.courses.get(id, { ...courseViewFor(caller), drafts: true });
  }

  /**
   * Adds modules after the course's last one, planned from library lessons the course does not
   * quote yet. The course row is locked while positions are taken, so two additions never collide.
   */
  async addModules(request: AddModulesRequest, caller: Caller | null): Promise<AddModulesReply> {
    const course = await this.dataSource.manager.findOne(Course, { where: { id: request.id } });
    if (!course) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
    if (course.kind === 'external') throw rpcError(400, EXTERNAL_COURSE_MODULES_MESSAGE);
    const existingModules = await this.dataSource.manager.countBy(CourseModule, { courseId: course.id });
    if (existingModules + request.numberOfModules > COURSE_FORM_LIMITS.modules.max) {
      throw rpcError(400, tooManyModulesMessage(existingModules, request.numberOfModules));
    }
    const quoted = await this.quotedLessonIds(course.id);
    const candidates = await findCandidateLessons(this.dataSource.manager, {
      texts: [course.title, course.description, course.objective ?? ''],
      skills: course.skills,
      excludeCourseId: course.id,
      excludeLessonIds: quoted,
      language: course.language === 'ar' ? 'ar' : 'en',
    });
    const outline = planCourseOutline(candidates, {
      courseTitle: course.title,
      numberOfModules: request.numberOfModules,
      lessonsPerModule: request.lessonsPerModule,
      firstModuleNumber: existingModules + 1,
    });
    const modules = await this.writeLessons(
      outline,
      {
        title: course.title,
        description: course.description,
        objective: course.objective ?? undefined,
        language: course.language === 'ar' ? 'ar' : 'en',
      },
      caller,
    );
    await this.dataSource.transaction(async (manager) => {
      const locked = await manager.query<Array<{ id: string }>>('SELECT id FROM "courses"."courses" WHERE id = $1 FOR UPDATE', [
        course.id,
      ]);
      if (locked.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
      const lessonsBefore = await lessonIdsOfCourse(manager, course.id);
      const modulesNow = await manager.countBy(CourseModule, { courseId: course.id });
      if (modulesNow + modules.length > COURSE_FORM_LIMITS.modules.max) {
        throw rpcError(409, tooManyModulesMessage(modulesNow, modules.length));
      }
      const last = await manager
        .createQueryBuilder(CourseModule, 'module')
        .select('max(module.position)', 'max')
        .where('module.course_id = :id', { id: course.id })
        .getRawOne<{ max: number | null }>();
      await insertModules(manager, course.id, modules, (last?.max ?? -1) + 1);
      await reindexCourse(manager, course.id);
      const now = new Date();
      await manager.update(Course, { id: course.id }, { updatedAt: now });
      // Lessons written without material would show learners placeholder text: the course goes back to draft.
      if (await draftIfNewLessonsNeedWork(manager, course.id, lessonsBefore)) {
        this.logger.info({ courseId: course.id }, 'a published course gained modules whose lessons need work: it is a draft again');
      }
      // New lessons lower every learner's percentage and reopen a course they had finished.
      await publishStructureChanged(manager, this.events, this.logger, course.id, caller?.id ?? null, now);
    });
    return {
      course: await this.courses.get(course.id, { ...courseViewFor(caller), drafts: true }),
      modulesAdded: modules.length,
      lessonsAdded: modules.reduce((sum, module) => sum + module.lessons.length, 0),
    };
  }

  /** The taxonomy skills svc-ai finds in a course's own text (its first SKILL_TEXT_LIMIT characters), surest first. */
  async skillsOf(text: string, language: Language, caller: Caller | null): Promise<string[]> {
    const reply = await this.skillsClient.extract(text.slice(0, SKILL_TEXT_LIMIT), language, { caller });
    return [...reply.skills]
      .filter((skill) => skill.confidence > SKILL_APPROVAL_THRESHOLD)
      .sort((a, b) => b.confidence - a.confidence)
      .slice(0, MAX_COURSE_SKILLS)
      .map((skill) => skill.name);
  }

  /**
   * The course's skills, or none when an admin turned skill extraction off (svc-ai's 403): the
   * course is still made (the library is then searched by its words alone), and `onSkipped` is told
   * why. Any other failure or refusal (notice, budget, svc-ai away) fails the creation as before,
   * with svc-ai's status and message.
   */
  async skillsOrNone(text: string, language: Language, caller: Caller | null, onSkipped?: (reason: string) => Promise<void>): Promise<string[]> {
    try {
      return await this.skillsOf(text, language, caller);
    } catch (error) {
      const reason = skillExtractionTurnedOff(error);
      if (reason === null) throw error;
      this.logger.info({ reason }, 'course made without extracted skills: skill extraction is turned off');
      await onSkipped?.(reason);
      return [];
    }
  }

  private async quotedLessonIds(courseId: string): Promise<string[]> {
    const lessons = await this.dataSource.manager
      .createQueryBuilder(Lesson, 'lesson')
      .innerJoin('lesson.module', 'module')
      .where('module.course_id = :courseId', { courseId })
      .select(['lesson.id', 'lesson.sources'])
      .getMany();
    return lessons.flatMap((lesson) =>
      lesson.sources.filter((source) => source.origin === 'catalog' && source.lessonId).map((source) => source.lessonId!),
    );
  }

  /**
   * svc-ai writes each module's lessons from their sources, a few modules at a time, for `caller`
   * (null: Masar's own work). Each written lesson carries its AI label: lesson writing, the provider
   * and model svc-ai says wrote it, and when.
   */
  async writeLessons(
    outline: PlannedModuleOutline[],
    course: { title: string; description: string; objective?: string; language: Language },
    caller: Caller | null,
  ): Promise<NewModule[]> {
    const written: NewModule[] = new Array(outline.length);
    let next = 0;
    const worker = async () => {
      while (next < outline.length) {
        const index = next;
        next += 1;
        const module = outline[index];
        const reply = await this.composer.compose({
          course: {
            title: course.title,
            description: course.description,
            ...(course.objective ? { objective: course.objective } : {}),
            language: course.language,
          },
          lessons: module.lessons.map((lesson) => ({
            key: lesson.key,
            moduleTitle: module.title,
            title: lesson.title,
            type: lesson.type,
            sources: lesson.sources,
          })),
        }, { caller });
        const aiLabel: AiContentLabel = { feature: 'lesson-writing', provider: reply.provider, model: reply.model, at: new Date().toISOString() };
        const byKey = new Map(reply.lessons.map((lesson) => [lesson.key, lesson]));
        written[index] = {
          title: module.title,
          description: module.description,
          lessons: module.lessons.map((lesson) => {
            const composed = byKey.get(lesson.key);
            if (!composed) throw rpcError(502, `The AI service did not write the lesson "${lesson.title}"`);
            return {
              title: lesson.title,
              type: lesson.type,
              duration: lesson.duration,
              content: composed.content,
              keyPoints: composed.keyPoints,
              activities: composed.activities,
              sources: composed.citations,
              aiLabel,
            };
          }),
        };
      }
    };
    await Promise.all(Array.from({ length: Math.min(COMPOSE_CONCURRENCY, outline.length) }, worker));
    return written;
  }
}

/** svc-ai's refusal when an admin turned skill extraction off (403), as its message; null for any other failure. */
export function skillExtractionTurnedOff(error: unknown): string | null {
  return error instanceof SvcAiRefusal && error.reply.statusCode === 403 ? error.reply.message : null;
}
