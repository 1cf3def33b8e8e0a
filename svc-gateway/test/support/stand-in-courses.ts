import {
  type Caller,
  addModulesRequestSchema,
  COURSE_CREATION_STAGE_PROGRESS,
  COURSE_CREATION_TASK_NOT_FOUND_MESSAGE,
  CourseCreationStage,
  CourseCreationTask,
  COURSE_UPLOADS_BUCKET,
  EXERCISE_ATTACHMENTS_BUCKET,
  LESSON_VIDEOS_BUCKET,
  createCourseRequestSchema,
  getCourseCreationTaskRequestSchema,
  startCourseCreationRequestSchema,
  COURSE_EDITING_SUBJECTS,
  COURSE_PUBLISHING_SUBJECTS,
  type CourseStatus,
  publicationProblemMessage,
  publishRefusedMessage,
  EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE,
  COURSE_NOT_FOUND_MESSAGE,
  updateCourseRequestSchema,
  updateLessonRequestSchema,
  LESSON_NOT_FOUND_MESSAGE,
  LESSON_VIDEO_SUBJECTS,
  setLessonVideoRequestSchema,
  VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE,
  CourseDetail,
  courseIdSchema,
  courseSearchQuerySchema,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  searchPassageRequestSchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  describeValidationError,
  CourseKind,
  CourseLevel,
  CourseSummary,
  ErrorReply,
  learningHelperRequestSchema,
  LessonType,
  listCoursesQuerySchema,
  OFFLINE_MODEL_NAME,
  MAX_RECOMMENDED_COURSES,
  READY_AI_CATEGORIES,
  recommendCoursesBodySchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import type { ObjectStore } from 'nats';
import { StandInAgentTasks } from './stand-in-agent-tasks';
import type { PracticeLessonsStateParams } from './course-provider-states';
import { StandInCourseStructure } from './stand-in-course-structure';
import { STAND_IN_MULTI_QUESTION, StandInLessonPractice } from './stand-in-lesson-practice';
import { StandInQuality } from './stand-in-quality';
import { StandInService } from './stand-in-services';

type Reply = { response: unknown } | { err: ErrorReply };

/** A reading lesson, then a quiz, and so on. */
const LESSON_TYPES_IN_TURN: readonly LessonType[] = ['reading', 'quiz'];

const NOT_FOUND: Reply = { err: { statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE } };

/** params of COURSE_PROVIDER_STATES.COURSE_EXISTS (see course-provider-states.ts). */
export interface CourseWithLessonsStateParams {
  id: string;
  title: string;
  titleAr?: string;
  skills?: string[];
  category?: string;
  level?: CourseLevel;
  prerequisites?: string[];
  modules: number;
  lessonsPerModule: number;
  firstLessonId?: string;
  /** Published unless given. */
  status?: CourseStatus;
  moduleIds?: string[];
  firstModuleLessonIds?: string[];
  /** The first lesson's type (reading otherwise), e.g. video for the video interactions. */
  firstLessonType?: LessonType;
}

/** One course of COURSE_PROVIDER_STATES.COURSES_EXIST. */
export interface CourseStateRow {
  title: string;
  skills?: string[];
  category?: string;
  level?: CourseLevel;
  kind?: CourseKind;
  provider?: string;
  url?: string;
  estimatedHours?: number;
  duration?: string;
}

/** params of COURSE_PROVIDER_STATES.CREATION_TASK_EXISTS. */
export interface CreationTaskStateParams {
  id: string;
  kind: CourseCreationTask['kind'];
  stage: CourseCreationStage;
  createdBy: string;
  courseId?: string;
  message?: string;
  fileNames: string[];
}

/**
 * svc-courses as the gateway sees it, on the real NATS: it speaks the Nest microservice wire format
 * (`{id, data}` in, `{id, response | err, isDisposed}` out), checks each request against the
 * contracts and answers from courses held in memory. The real service is held to the same subjects
 * by the pact the gateway writes (svc-gateway-svc-courses.json).
 */
export class StandInCourses extends StandInService {
  readonly courses: Map<string, CourseDetail>;
  readonly tasks = new Map<string, CourseCreationTask & { createdBy: string }>();
  readonly agentTasks = new StandInAgentTasks();
  /** Each course's own passage id, by course id (COURSE_PROVIDER_STATES.SEARCH_PASSAGE_EXISTS); the course's id otherwise. */
  readonly passageIds = new Map<string, string>();
  /** The quality subjects, over these courses. */
  readonly quality: StandInQuality;
  /** Quizzes and exercises, over these courses. */
  readonly practice: StandInLessonPractice;
  private bucket?: Promise<ObjectStore>;

  constructor() {
    const courses = new Map<string, CourseDetail>();
    const quality = new StandInQuality(courses);
    const practice = new StandInLessonPractice(courses);
    super('courses', {
      ...quality.handlers(),
      ...practice.handlers(),
      ...new StandInCourseStructure(courses).handlers(),
      [COURSES_SUBJECTS.LIST_COURSES]: (data) => this.list(data),
      [COURSES_SUBJECTS.GET_COURSE]: (data) => this.withCourse(data, (course) => course),
      [COURSES_SUBJECTS.DELETE_COURSE]: (data) =>
        this.withCourse(data, (course) => {
          this.courses.delete(course.id);
          return {
            id: course.id,
            modulesDeleted: course.modules.length,
            lessonsDeleted: course.modules.reduce((sum, module) => sum + module.lessons.length, 0),
          };
        }),
      [COURSES_SUBJECTS.LIST_CATEGORIES]: () => ({
        response: {
          categories: READY_AI_CATEGORIES.map((name) => ({
            name,
            courses: [...this.courses.values()]
              .filter((course) => course.category === name)
              .map(({ id, title, description, level, duration }) => ({ id, title, description, level: level ?? null, duration })),
          })),
        },
      }),
      [COURSES_SUBJECTS.RECOMMEND]: (data) => this.recommend(data),
      [COURSES_SUBJECTS.SEARCH]: (data) => this.search(data),
      [COURSES_SUBJECTS.SEARCH_PASSAGE]: (data, caller) => this.searchPassage(data, caller),
      [COURSES_SUBJECTS.RUN_LEARNING_HELPER]: (data) => this.runLearningHelper(data),
      [COURSES_SUBJECTS.CREATE_COURSE]: (data) => this.create(data),
      [COURSES_SUBJECTS.ADD_MODULES]: (data) => this.addModules(data),
      [COURSE_EDITING_SUBJECTS.UPDATE_COURSE]: (data) => this.update(data),
      [COURSE_EDITING_SUBJECTS.UPDATE_LESSON]: (data) => this.updateLesson(data),
      [COURSE_PUBLISHING_SUBJECTS.PUBLISH]: (data) => this.publish(data),
      [COURSE_PUBLISHING_SUBJECTS.UNPUBLISH]: (data) => this.withCourse(data, (course) => this.setStatus(course.id, 'draft')),
      [LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO]: (data) => this.setLessonVideo(data),
      [COURSES_SUBJECTS.START_CREATION_TASK]: (data, caller) => this.startTask(data, caller),
      [COURSES_SUBJECTS.GET_CREATION_TASK]: (data, caller) => this.getTask(data, caller),
      [COURSES_SUBJECTS.CREATE_DEFAULTS]: (_data, caller) =>
        caller?.role === 'admin'
          ? { response: { courses: [this.seed({ title: 'Agile and Scrum in Practice', kind: 'internal' })].map(({ modules: _modules, prerequisites: _prerequisites, ...summary }) => summary), alreadyPresent: 0 } }
          : { err: { statusCode: 403, message: 'You do not have permission to do this' } },
      [COURSES_SUBJECTS.START_READY_AI]: (data, caller) => this.agentTasks.startReadyAi(data, caller, (id) => this.courses.get(id)?.title),
      [COURSES_SUBJECTS.START_ENHANCEMENT]: (data, caller) => this.agentTasks.startEnhancement(data, caller, (id) => this.courses.get(id)),
      [COURSES_SUBJECTS.START_COURSE_NARRATION]: (data, caller) => this.agentTasks.startCourseNarration(data, caller, (id) => this.courses.get(id)),
      [COURSES_AGENT_TASK_SUBJECTS.LIST]: (data, caller) => this.agentTasks.list(data, caller),
      [COURSES_AGENT_TASK_SUBJECTS.GET]: (data, caller) => this.agentTasks.get(data, caller),
      [COURSES_AGENT_TASK_SUBJECTS.STATS]: (_data, caller) => this.agentTasks.stats(caller),
      [COURSES_AGENT_TASK_SUBJECTS.PAUSE]: (data, caller) => this.agentTasks.control('pause', data, caller),
      [COURSES_AGENT_TASK_SUBJECTS.RESUME]: (data, caller) => this.agentTasks.control('resume', data, caller),
      [COURSES_AGENT_TASK_SUBJECTS.CANCEL]: (data, caller) => this.agentTasks.control('cancel', data, caller),
    });
    this.courses = courses;
    this.quality = quality;
    this.practice = practice;
  }

  /** A file in one of the buckets the gateway serves from (exercise attachments, lesson videos), written as the gateway writes it: a provider state's file. */
  async storeObject(bucketName: typeof EXERCISE_ATTACHMENTS_BUCKET | typeof LESSON_VIDEOS_BUCKET, name: string, bytes: Uint8Array): Promise<void> {
    const bucket = await (await this.nats()).jetstream().views.os(bucketName);
    await bucket.putBlob({ name }, bytes);
  }

  /** The bucket the gateway puts course materials in, read as svc-courses reads it. */
  objectStore(): Promise<ObjectStore> {
    this.bucket ??= this.nats().then((nats) => nats.jetstream().views.os(COURSE_UPLOADS_BUCKET));
    return this.bucket;
  }

  reset(): void {
    this.courses.clear();
    this.tasks.clear();
    this.passageIds.clear();
    this.agentTasks.tasks.clear();
    this.quality.reset();
    this.received.length = 0;
  }

  /** An internal course (unless `fields` say otherwise) with `modules` modules of `lessonsPerModule` lessons. */
  seed(fields: Partial<CourseDetail> & { title: string }, modules = 2, lessonsPerModule = 2): CourseDetail {
    const course: CourseDetail = {
      id: randomUUID(),
      description: `What ${fields.title} teaches.`,
      duration: '4 weeks',
      format: 'Online',
      departmentOwner: 'Learning & Development',
      color: 'blue',
      abbreviation: 'CRS',
      imageUrl: null,
      createdAt: new Date().toISOString(),
      skills: [],
      level: 'beginner',
      category: null,
      kind: 'internal',
      estimatedHours: null,
      prerequisites: [],
      modules: Array.from({ length: modules }, (_, moduleIndex) => ({
        id: randomUUID(),
        title: `Module ${moduleIndex + 1}`,
        description: `Part ${moduleIndex + 1} of ${fields.title}.`,
        lessons: Array.from({ length: lessonsPerModule }, (_, lessonIndex) => ({
          id: randomUUID(),
          title: `Lesson ${moduleIndex + 1}.${lessonIndex + 1}`,
          duration: '15 min',
          type: LESSON_TYPES_IN_TURN[lessonIndex % LESSON_TYPES_IN_TURN.length],
          content: `The content of lesson ${lessonIndex + 1}.`,
          keyPoints: ['One idea'],
          activities: ['One exercise'],
        })),
      })),
      ...fields,
    };
    this.courses.set(course.id, course);
    return course;
  }

  /** COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST: reading, quiz and exercise lessons under the given ids. */
  seedPracticeLessons({ courseId, readingLessonId, quizLessonId, exerciseLessonId }: PracticeLessonsStateParams): CourseDetail {
    const course = this.seed({ id: courseId, title: 'Agile and Scrum in Practice' }, 1, 3);
    const [reading, quiz, exercise] = course.modules[0].lessons;
    Object.assign(reading, { id: readingLessonId, type: 'reading' });
    // Its text holds the "select all that apply" question: the stand-in then asks it as q3.
    Object.assign(quiz, { id: quizLessonId, type: 'quiz', content: `1. Who orders the Product Backlog?\n\n2. Does Agile mean no planning?\n\n3. ${STAND_IN_MULTI_QUESTION.text}` });
    Object.assign(exercise, { id: exerciseLessonId, type: 'exercise' });
    return course;
  }

  /** COURSE_PROVIDER_STATES.COURSE_EXISTS: an internal course with every catalog field filled in. */
  seedCourseWithLessons(params: CourseWithLessonsStateParams): CourseDetail {
    const course = this.seed(
      {
        id: params.id,
        title: params.title,
        titleAr: params.titleAr ?? null,
        descriptionAr: params.titleAr ? `ما تعلّمه دورة ${params.titleAr}.` : null,
        objective: `Apply ${params.title} at work.`,
        skills: params.skills ?? [],
        level: params.level ?? 'beginner',
        category: params.category ?? null,
        language: 'en',
        estimatedHours: 12,
        prerequisites: params.prerequisites ?? [],
      },
      params.modules,
      params.lessonsPerModule,
    );
    if (params.firstLessonId && course.modules[0]?.lessons[0]) course.modules[0].lessons[0].id = params.firstLessonId;
    params.moduleIds?.forEach((id, index) => {
      if (course.modules[index]) course.modules[index].id = id;
    });
    params.firstModuleLessonIds?.forEach((id, index) => {
      if (course.modules[0]?.lessons[index]) course.modules[0].lessons[index].id = id;
    });
    if (params.firstLessonType && course.modules[0]?.lessons[0]) course.modules[0].lessons[0].type = params.firstLessonType;
    if (params.status) this.setStatus(course.id, params.status);
    return this.courses.get(course.id) ?? course;
  }

  /** COURSE_PROVIDER_STATES.COURSES_EXIST: these courses and no others, created a minute apart in this order. */
  replaceWith(rows: readonly CourseStateRow[]): void {
    this.courses.clear();
    const start = Date.parse('2026-11-01T08:00:00Z');
    rows.forEach((row, index) => {
      const kind = row.kind ?? 'internal';
      this.seed(
        {
          title: row.title,
          skills: row.skills ?? [],
          category: row.category ?? null,
          level: row.level ?? null,
          kind,
          language: 'en',
          provider: row.provider ?? null,
          url: row.url ?? null,
          departmentOwner: row.provider ?? 'Learning & Development',
          estimatedHours: row.estimatedHours ?? null,
          duration: row.duration ?? '4 weeks',
          createdAt: new Date(start + index * 60_000).toISOString(),
        },
        kind === 'internal' ? 1 : 0,
      );
    });
  }

  /** COURSE_PROVIDER_STATES.CREATION_TASK_EXISTS */
  seedTask(params: CreationTaskStateParams): CourseCreationTask & { createdBy: string } {
    const now = new Date().toISOString();
    const task = {
      id: params.id,
      kind: params.kind,
      stage: params.stage,
      progress: COURSE_CREATION_STAGE_PROGRESS[params.stage],
      message: params.message ?? null,
      courseId: params.courseId ?? null,
      fileNames: params.fileNames,
      createdAt: now,
      updatedAt: now,
      createdBy: params.createdBy,
    };
    this.tasks.set(task.id, task);
    return task;
  }

  /** A course from the form, each lesson citing a made-up catalog lesson: the shape svc-courses answers. */
  private create(data: unknown): Reply {
    const parsed = createCourseRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { numberOfModules, lessonsPerModule, createdBy: _createdBy, imageUrl, skills, ...form } = parsed.data;
    const course = this.seed(
      { ...form, objective: form.objective ?? null, imageUrl: imageUrl ?? null, skills: skills ?? [], level: form.level ?? null, category: form.category ?? null },
      numberOfModules,
      lessonsPerModule,
    );
    return { response: course };
  }

  private addModules(data: unknown): Reply {
    const parsed = addModulesRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const course = this.courses.get(parsed.data.id);
    if (!course) return NOT_FOUND;
    const added = this.seed({ title: course.title }, parsed.data.numberOfModules, parsed.data.lessonsPerModule);
    this.courses.delete(added.id);
    course.modules.push(...added.modules);
    return {
      response: { course, modulesAdded: parsed.data.numberOfModules, lessonsAdded: parsed.data.numberOfModules * parsed.data.lessonsPerModule },
    };
  }

  /** Like svc-courses: the task is the caller's, and only they (or an admin) may follow it. */
  private startTask(data: unknown, caller: Caller | null): Reply {
    if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
    const parsed = startCourseCreationRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { createdBy: _createdBy, ...reply } = this.seedTask({
      id: randomUUID(),
      kind: parsed.data.kind,
      stage: 'uploading',
      createdBy: caller.id,
      message: `Received ${parsed.data.files.length} file(s)`,
      fileNames: parsed.data.files.map((file) => file.fileName),
    });
    return { response: reply };
  }

  private getTask(data: unknown, caller: Caller | null): Reply {
    if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
    const parsed = getCourseCreationTaskRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const task = this.tasks.get(parsed.data.id);
    if (!task || (caller.role !== 'admin' && task.createdBy !== caller.id)) {
      return { err: { statusCode: 404, message: COURSE_CREATION_TASK_NOT_FOUND_MESSAGE } };
    }
    const { createdBy: _createdBy, ...reply } = task;
    return { response: reply };
  }

  /**
   * svc-courses checks every lesson's text before publishing; the stand-in's lessons are all written,
   * so only a course without modules needs work here.
   */
  private publish(data: unknown): Reply {
    const parsed = courseIdSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const course = this.courses.get(parsed.data.id);
    if (!course) return NOT_FOUND;
    if (course.modules.length === 0) return { err: { statusCode: 409, message: publishRefusedMessage(1) } };
    return { response: this.setStatus(course.id, 'published') };
  }

  /** The course in `status`, as an admin's detail shows it (publication included). */
  private setStatus(id: string, status: CourseStatus): CourseDetail {
    const course = this.courses.get(id)!;
    const publishedAt = status === 'published' ? new Date().toISOString() : (course.publishedAt ?? null);
    const problems = course.modules.length === 0 ? [{ kind: 'no-modules' as const, message: publicationProblemMessage('no-modules') }] : [];
    const changed: CourseDetail = { ...course, status, publishedAt, publication: { status, publishedAt, problems } };
    this.courses.set(id, changed);
    return changed;
  }

  /** The course with the changes applied; external training is refused like svc-courses does. */
  private update(data: unknown): Reply {
    const parsed = updateCourseRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const course = this.courses.get(parsed.data.id);
    if (!course) return NOT_FOUND;
    if (course.kind === 'external') return { err: { statusCode: 409, message: EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE } };
    const changes = Object.fromEntries(Object.entries(parsed.data.changes).filter(([, value]) => value !== undefined));
    const edited: CourseDetail = { ...course, ...changes, updatedAt: new Date().toISOString() };
    this.courses.set(course.id, edited);
    return { response: edited };
  }

  /** The course with one of its lessons changed in place; a lesson of another course is not found. */
  private updateLesson(data: unknown): Reply {
    const parsed = updateLessonRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { courseId, lessonId, changes } = parsed.data;
    const course = this.courses.get(courseId);
    if (!course) return NOT_FOUND;
    if (!course.modules.some((module) => module.lessons.some((lesson) => lesson.id === lessonId))) {
      return { err: { statusCode: 404, message: LESSON_NOT_FOUND_MESSAGE } };
    }
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const edited: CourseDetail = {
      ...course,
      modules: course.modules.map((module) => ({
        ...module,
        lessons: module.lessons.map((lesson) => (lesson.id === lessonId ? { ...lesson, ...given } : lesson)),
      })),
    };
    this.courses.set(courseId, edited);
    return { response: edited };
  }

  /** A video lesson's video set or removed, as svc-courses does (without its object store checks). */
  private setLessonVideo(data: unknown): Reply {
    const parsed = setLessonVideoRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { courseId, lessonId, video } = parsed.data;
    const course = this.courses.get(courseId);
    if (!course) return NOT_FOUND;
    const lesson = course.modules.flatMap((module) => module.lessons).find((candidate) => candidate.id === lessonId);
    if (!lesson) return { err: { statusCode: 404, message: LESSON_NOT_FOUND_MESSAGE } };
    if (video !== null && lesson.type !== 'video') return { err: { statusCode: 409, message: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE } };
    const { video: _previous, ...withoutVideo } = lesson;
    const changed = video === null ? withoutVideo : { ...withoutVideo, video };
    const edited = { ...course, modules: course.modules.map((module) => ({ ...module, lessons: module.lessons.map((each) => (each.id === lessonId ? changed : each)) })) };
    this.courses.set(courseId, edited);
    return { response: edited };
  }

  private withCourse(data: unknown, answer: (course: CourseDetail) => unknown): Reply {
    const parsed = courseIdSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const course = this.courses.get(parsed.data.id);
    return course ? { response: answer(course) } : NOT_FOUND;
  }

  /** Newest first, filtered like svc-courses: title contains q, skill ignoring case, the rest exactly. */
  private list(data: unknown): Reply {
    const parsed = listCoursesQuerySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { q, skill, category, level, kind, status, page, pageSize } = parsed.data;
    const matching = [...this.courses.values()]
      .filter((course) => !q || course.title.toLowerCase().includes(q.toLowerCase()))
      .filter((course) => !skill || (course.skills ?? []).some((own) => own.toLowerCase() === skill.toLowerCase()))
      .filter((course) => !category || course.category === category)
      .filter((course) => !level || course.level === level)
      .filter((course) => !kind || course.kind === kind)
      .filter((course) => !status || (course.status ?? 'published') === status)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const items: CourseSummary[] = matching
      .slice((page - 1) * pageSize, page * pageSize)
      .map(({ modules: _modules, prerequisites: _prerequisites, ...summary }) => summary);
    return { response: { items, total: matching.length, page, pageSize } };
  }

  /**
   * As svc-courses answers with svc-ai offline, on course passages only: a course whose title,
   * description or skills hold the query is found, its passage cited as [1]; nothing found answers so.
   */
  private search(data: unknown): Reply {
    const parsed = courseSearchQuerySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { q } = parsed.data;
    const query = q.toLowerCase();
    const found = [...this.courses.values()].filter((course) =>
      [course.title, course.description, ...(course.skills ?? [])].some((text) => text.toLowerCase().includes(query)),
    );
    const chunks = found.map((course) => {
      const fullText = this.passageTextOf(course);
      return { ...this.passageOf(course), content: fullText.slice(0, 200), keywords: [q], relevanceScore: 0.8 };
    });
    return {
      response: {
        query: q,
        answer: chunks.length > 0 ? `${this.passageTextOf(found[0])} [1]` : `Your course library has nothing on "${q}" yet.`,
        answerSource: chunks.length > 0 ? { provider: 'offline', model: OFFLINE_MODEL_NAME } : null,
        answerProblem: null,
        totalResults: chunks.length,
        totalResultsCapped: false,
        summary: { coursesFound: found.length, modulesFound: 0, lessonsFound: 0, keyInsights: [] },
        relatedTopics: [],
        chunks,
        matchedTerms: chunks.length > 0 ? [q] : [],
        skills: [],
      },
    };
  }

  /** Where a course's one passage is, as search results and the passage route name it. */
  private passageOf(course: CourseDetail) {
    return {
      id: this.passageIds.get(course.id) ?? course.id,
      field: 'course' as const,
      courseId: course.id,
      moduleId: null,
      lessonId: null,
      courseTitle: course.title,
      moduleTitle: '',
      lessonTitle: '',
      language: 'en' as const,
    };
  }

  /** A course passage's text, as the search previews it. */
  private passageTextOf(course: CourseDetail): string {
    return `${course.title}. ${course.description} Skills: ${(course.skills ?? []).join(', ')}.`;
  }

  /** As svc-courses answers: a course's own passage, 404 for one it does not hold and for a draft's to a learner. */
  private searchPassage(data: unknown, caller: Caller | null): Reply {
    const parsed = searchPassageRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const course = [...this.courses.values()].find((candidate) => (this.passageIds.get(candidate.id) ?? candidate.id) === parsed.data.id);
    if (!course || (course.status === 'draft' && caller?.role !== 'admin')) {
      return { err: { statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE } };
    }
    return {
      response: {
        ...this.passageOf(course),
        fullText: this.passageTextOf(course),
      },
    };
  }

  /** Most skills covered first; enough of svc-courses' ranking for the gateway's tests. */
  /**
   * As svc-courses answers with svc-ai offline: 404 for a lesson or course it does not hold, else a
   * markdown answer headed by the helper and quoting the passage's first sentence (and the job role, if sent).
   */
  private runLearningHelper(data: unknown): Reply {
    const parsed = learningHelperRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { action, content, lessonId, courseId, jobRole } = parsed.data;
    const lesson = lessonId
      ? [...this.courses.values()].flatMap((course) => course.modules.flatMap((module) => module.lessons)).find((candidate) => candidate.id === lessonId)
      : undefined;
    if (lessonId && !lesson) return { err: { statusCode: 404, message: 'Lesson not found' } };
    if (courseId && !this.courses.has(courseId)) return NOT_FOUND;
    const firstSentence = content.trim().split(/(?<=[.!?؟])\s/)[0];
    const heading = `## ${action}${lesson ? `: ${lesson.title}` : ''}`;
    const lines = [heading, '', `- ${firstSentence}`, ...(jobRole ? ['', `In your role as ${jobRole}.`] : [])];
    return { response: { response: lines.join('\n'), provider: 'offline', model: OFFLINE_MODEL_NAME } };
  }

  private recommend(data: unknown): Reply {
    const parsed = recommendCoursesBodySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const requested = parsed.data.skills;
    const courses = [...this.courses.values()]
      .map(({ modules: _modules, prerequisites: _prerequisites, ...summary }) => {
        const coveredSkills = requested.flatMap((name) => (summary.skills ?? []).filter((own) => own.toLowerCase() === name.toLowerCase()));
        return { ...summary, coveredSkills, coverage: coveredSkills.length / requested.length };
      })
      .filter((course) => course.coveredSkills.length > 0)
      .sort((a, b) => b.coveredSkills.length - a.coveredSkills.length)
      .slice(0, MAX_RECOMMENDED_COURSES);
    return { response: { courses } };
  }
}
