import {
  type Caller,
  COURSE_CREATION_STAGE_PROGRESS,
  CourseForm,
  deriveAbbreviation,
  COURSE_CREATION_FALLBACK_REASONS,
  COURSE_CREATION_STAGE_MESSAGES,
  documentProcessingFailedMessage,
  EVENT_SUBJECTS,
  Language,
  LessonSource,
  MAX_LESSON_SOURCE_CHARACTERS,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { COURSES_CONFIG, CoursesConfig } from '../config';
import { SvcAiRefusal } from '../ai/svc-ai.requester';
import { CourseAuthoringService } from '../course-authoring/course-authoring.service';
import { durationOfHours, estimatedHoursOf, PlannedModuleOutline, trimToParagraphs } from '../course-authoring/course-outline-planner';
import { courseAiLabelOf, courseCreatedEvent, insertCourse, NewCourse, NewModule } from '../course-authoring/course-writer';
import { buildCourseDraft, CourseDraft, ModuleDraft } from '../documents/course-draft-builder';
import { CourseDocument, readCourseDocument } from '../documents/course-document-reader';
import { ImportedCourse, parseCourseImport } from '../documents/course-import';
import { isMostlyArabic } from '../documents/sentence-analysis';
import { currentRequestId, EventsPublisher, LOGGER } from '@masar/contracts/service-kit';
import { CourseUploadsStore } from './course-uploads.store';
import { QualityReviewService } from '../quality/quality-review.service';
import { appendTaskLog } from '../agent-tasks/agent-task-log';
import { taskFailureReason } from '../agent-tasks/task-failure-reason';
import { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { callerOfStarter, type TaskStarter } from '../agent-tasks/task-starter';
import { CreationTaskCancelled, CreationTasksService, type QueuedCourseCreation } from './creation-tasks.service';

/** Course fields for an imported document that has none of its own. */
const IMPORTED_COURSE_DEFAULTS = { format: 'Online', departmentOwner: 'Imported', color: 'blue' } as const;

/**
 * Turns uploaded documents into a course, moving the task through the spec's stages as each step
 * really happens: processing (reading the files), chunking (finding chapters and sections),
 * analyzing (the skills it teaches), generating (writing lessons and saving the course), complete.
 * Any failure ends the task in `error` with the reason, and nothing is saved; the person's screen
 * then falls back to the form alone (spec 001 section 8).
 */
@Injectable()
export class CourseCreationPipeline {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: CreationTasksService,
    private readonly uploads: CourseUploadsStore,
    private readonly authoring: CourseAuthoringService,
    private readonly events: EventsPublisher,
    private readonly quality: QualityReviewService,
    @Inject(COURSES_CONFIG) private readonly config: CoursesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `startedBy`: the person who started the task; svc-ai's calls are made for them. */
  async run(taskId: string, request: QueuedCourseCreation, startedBy: TaskStarter): Promise<void> {
    let courseId: string | undefined;
    // Files a failure left unread must not wait for the bucket's TTL.
    const discardUploads = () => Promise.all(request.files.map((file) => this.uploads.discard(file.objectName)));
    try {
      // Completes the task in the transaction that saves the course: nothing to mark afterwards.
      courseId = await this.createCourse(taskId, request, callerOfStarter(startedBy));
    } catch (error) {
      if (error instanceof CreationTaskCancelled) {
        this.logger.info({ taskId, requestId: currentRequestId() }, 'course creation from documents cancelled');
        return;
      }
      const reason = taskFailureReason(error, COURSE_CREATION_FALLBACK_REASONS.unexpected);
      this.logger.warn({ err: error, taskId, kind: request.kind, requestId: currentRequestId() }, 'course creation from documents failed');
      // Gone before the task reads as ended, so whoever sees it end sees nothing left behind.
      await discardUploads();
      // svc-ai declining the work (AI governance) is no fault of the documents: its message says why.
      const plain = request.kind === 'import' || error instanceof SvcAiRefusal;
      await this.tasks.fail(taskId, plain ? reason : documentProcessingFailedMessage(reason));
    } finally {
      await discardUploads();
    }
    // After the files are gone: the review only reads the saved course, and never fails the creation.
    if (courseId) await this.quality.reviewNewCourse(courseId, startedBy);
  }

  private async createCourse(taskId: string, request: QueuedCourseCreation, caller: Caller | null): Promise<string> {
    const count = request.files.length;
    await this.tasks.moveTo(taskId, 'processing', count === 1 ? COURSE_CREATION_STAGE_MESSAGES.readingOne(request.files[0].fileName) : COURSE_CREATION_STAGE_MESSAGES.readingMany(count));
    const documents: CourseDocument[] = [];
    let imported: ImportedCourse | undefined;
    for (const file of request.files) {
      const bytes = await this.uploads.take(file.objectName, file.fileName, this.config.maxUploadBytes);
      if (request.kind === 'import' && isCourseImportFile(file.fileName, bytes)) {
        imported = parseCourseImport(bytes, file.fileName);
      } else {
        documents.push(await readCourseDocument(bytes, file.fileName));
      }
    }

    await this.tasks.moveTo(taskId, 'chunking', COURSE_CREATION_STAGE_MESSAGES.chunking);
    const draft: CourseDraft = imported
      ? draftOfImport(imported)
      : // One document's chapters are its modules; with several, each document is a module unless
        // the person asked for them to be regrouped by topic.
        buildCourseDraft(documents, { organizeByTopic: request.useAIOrganization || documents.length === 1 });

    await this.tasks.moveTo(taskId, 'analyzing', COURSE_CREATION_STAGE_MESSAGES.analyzing);
    const form = request.courseData;
    const documentLanguage: Language = isMostlyArabic(draft.text.slice(0, 20_000)) ? 'ar' : 'en';
    const language = form?.language ?? (imported ? 'en' : documentLanguage);
    const skillText = [form?.title, form?.description, form?.objective, draft.title, draft.description, draft.text]
      .filter(Boolean)
      .join('\n');
    const skills = form?.skills?.length
      ? form.skills
      : imported?.skills?.length
        ? imported.skills
        : await this.authoring.skillsOrNone(skillText, language, caller, (reason) =>
            appendTaskLog(this.dataSource.manager, taskId, `The course's skills were not identified: ${reason}`),
          );

    const lessonCount = draft.modules.reduce((sum, module) => sum + module.lessons.length, 0);
    await this.tasks.moveTo(taskId, 'generating', COURSE_CREATION_STAGE_MESSAGES.generating(draft.modules.length, lessonCount));
    const modules =
      request.kind === 'ai-generate-with-files'
        ? await this.rewriteWithAi(draft, form!, language, caller)
        : draft.modules;
    const course = courseFields(request, draft, imported, modules, skills, language);
    // The course and the task's completion commit together, with the task locked: a task run twice
    // (its first instance died after this) still makes exactly one course.
    const courseId = await this.dataSource.transaction(async (manager) => {
      const task = await manager.findOne(AgentTask, { where: { id: taskId }, lock: { mode: 'pessimistic_write' } });
      if (task?.stage === 'complete' && task.courseId) return task.courseId;
      if (!task || task.status !== 'running') throw new CreationTaskCancelled();
      const created = await insertCourse(manager, course, modules);
      await manager.update(
        AgentTask,
        { id: taskId },
        {
          stage: 'complete',
          status: 'completed',
          progress: COURSE_CREATION_STAGE_PROGRESS.complete,
          currentStep: COURSE_CREATION_STAGE_MESSAGES.created,
          courseId: created,
          result: { courseId: created, courseTitle: course.title, modules: modules.length, lessons: modules.reduce((sum, module) => sum + module.lessons.length, 0) },
          endedAt: new Date(),
          canCancel: false,
        },
      );
      await appendTaskLog(manager, taskId, `Course created: "${course.title}"`, 'Completed');
      return created;
    });
    // Stored first: a stream that is away costs other services the news, never the person the course.
    await this.events
      .publish(EVENT_SUBJECTS.COURSE_CREATED, courseCreatedEvent(courseId, course, new Date()), courseId)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, taskId, courseId, requestId: currentRequestId() }, 'course-created event not published'),
      );
    return courseId;
  }

  /**
   * AI Generate with materials: svc-ai writes each lesson from its section of the documents (an
   * LLM rewrites it as a lesson; offline the section's own text is kept and cited). Module quizzes
   * are already built from the documents and are kept as they are.
   */
  private async rewriteWithAi(draft: CourseDraft, form: CourseForm, language: Language, caller: Caller | null): Promise<NewModule[]> {
    const outline: PlannedModuleOutline[] = draft.modules.map((module, moduleIndex) => ({
      title: module.title,
      description: module.description,
      lessons: module.lessons
        .map((lesson, lessonIndex) => ({ lesson, key: `m${moduleIndex + 1}-l${lessonIndex + 1}` }))
        .filter(({ lesson }) => lesson.type !== 'quiz')
        .map(({ lesson, key }) => ({
          key,
          title: lesson.title,
          type: lesson.type,
          duration: lesson.duration,
          sources: [documentSource(lesson)],
        })),
    }));
    const withLessons = outline.flatMap((module, index) => (module.lessons.length > 0 ? [index] : []));
    const written = await this.authoring.writeLessons(
      withLessons.map((index) => outline[index]),
      { title: form.title, description: form.description, objective: form.objective, language },
      caller,
    );
    const writtenByModule = new Map(withLessons.map((moduleIndex, position) => [moduleIndex, written[position]]));
    return draft.modules.map((module, moduleIndex) => {
      const rewritten = writtenByModule.get(moduleIndex);
      let next = 0;
      return {
        title: module.title,
        description: module.description,
        lessons: module.lessons.map((lesson) => {
          if (lesson.type === 'quiz' || !rewritten) return lesson;
          const replacement = rewritten.lessons[next];
          next += 1;
          return replacement ?? lesson;
        }),
      };
    });
  }
}

function documentSource(lesson: ModuleDraft['lessons'][number]): LessonSource {
  const from = lesson.sources[0];
  return {
    origin: 'document',
    ...(from?.fileName ? { fileName: from.fileName } : {}),
    ...(from?.section ? { section: from.section } : {}),
    content: trimToParagraphs(lesson.content, MAX_LESSON_SOURCE_CHARACTERS),
    keyPoints: lesson.keyPoints.slice(0, 12),
    activities: lesson.activities.slice(0, 12),
  };
}

/** A `.json` name, or bytes that open like a JSON object: the Upload tab's course format. */
export function isCourseImportFile(fileName: string, bytes: Uint8Array): boolean {
  if (/\.json$/i.test(fileName)) return true;
  const start = Buffer.from(bytes.subarray(0, 64)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('{');
}

function draftOfImport(imported: ImportedCourse): CourseDraft {
  return {
    title: imported.title,
    description: imported.description,
    objective: imported.objective ?? null,
    modules: imported.modules,
    text: imported.modules
      .flatMap((module) => [module.title, ...module.lessons.flatMap((lesson) => [lesson.title, lesson.content])])
      .join('\n'),
  };
}

function courseFields(
  request: QueuedCourseCreation,
  draft: CourseDraft,
  imported: ImportedCourse | undefined,
  modules: NewModule[],
  skills: string[],
  language: Language,
): NewCourse {
  const form = request.courseData;
  const estimatedHours = estimatedHoursOf(modules.flatMap((module) => module.lessons.map((lesson) => lesson.duration)));
  const title = form?.title ?? draft.title;
  const fileName = request.files[0].fileName;
  return {
    title,
    description: form?.description ?? (draft.description || `Imported from ${fileName}`),
    objective: form?.objective ?? draft.objective ?? null,
    duration: form?.duration ?? imported?.duration ?? durationOfHours(estimatedHours),
    format: form?.format ?? imported?.format ?? IMPORTED_COURSE_DEFAULTS.format,
    departmentOwner: form?.departmentOwner ?? imported?.departmentOwner ?? IMPORTED_COURSE_DEFAULTS.departmentOwner,
    color: form?.color ?? imported?.color ?? IMPORTED_COURSE_DEFAULTS.color,
    abbreviation: form?.abbreviation ?? imported?.abbreviation ?? deriveAbbreviation(title),
    imageUrl: form?.imageUrl ?? null,
    prerequisites: imported?.prerequisites ?? [],
    skills,
    level: form?.level ?? imported?.level ?? null,
    category: form?.category ?? imported?.category ?? null,
    language,
    estimatedHours,
    titleAr: imported?.titleAr ?? null,
    descriptionAr: imported?.descriptionAr ?? null,
    createdBy: request.createdBy,
    // Labelled only when svc-ai wrote its lessons (AI Generate with materials); a document's own text is not AI's.
    aiLabel: courseAiLabelOf(modules),
  };
}
