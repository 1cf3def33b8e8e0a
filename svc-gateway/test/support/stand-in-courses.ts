import {
  COURSE_NOT_FOUND_MESSAGE,
  CourseDetail,
  courseIdSchema,
  COURSES_SUBJECTS,
  describeValidationError,
  CourseKind,
  CourseLevel,
  CourseSummary,
  ErrorReply,
  LessonType,
  listCoursesQuerySchema,
  MAX_RECOMMENDED_COURSES,
  queueGroupOf,
  READY_AI_CATEGORIES,
  recommendCoursesBodySchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import { JSONCodec, Msg, NatsConnection, Subscription } from 'nats';

/**
 * svc-courses as the gateway sees it, on the real NATS: it speaks the Nest microservice wire format
 * (`{id, data}` in, `{id, response | err, isDisposed}` out), checks each request against the
 * contracts and answers from courses held in memory. The real service is held to the same subjects
 * by the pact the gateway writes (svc-gateway-svc-courses.json).
 */
const codec = JSONCodec();

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

export class StandInCourses {
  readonly courses = new Map<string, CourseDetail>();
  readonly received: { subject: string; data: unknown }[] = [];
  private subscriptions: Subscription[] = [];

  private readonly handlers: Record<string, (data: unknown) => Reply> = {
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
  };

  constructor(private readonly nats: NatsConnection) {}

  async up(): Promise<void> {
    if (this.subscriptions.length > 0) return;
    this.subscriptions = Object.entries(this.handlers).map(([subject, handle]) =>
      this.nats.subscribe(subject, { queue: queueGroupOf('courses'), callback: (_error, message) => this.answer(subject, message, handle) }),
    );
    await this.nats.flush();
  }

  async down(): Promise<void> {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    await this.nats.flush();
  }

  reset(): void {
    this.courses.clear();
    this.received.length = 0;
  }

  requestsOn(subject: string): { subject: string; data: unknown }[] {
    return this.received.filter((received) => received.subject === subject);
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
    return course;
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

  private answer(subject: string, message: Msg, handle: (data: unknown) => Reply): void {
    const { id, data } = codec.decode(message.data) as { id: string; data: unknown };
    this.received.push({ subject, data });
    message.respond(codec.encode({ id, ...handle(data), isDisposed: true }));
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
    const { q, skill, category, level, kind, page, pageSize } = parsed.data;
    const matching = [...this.courses.values()]
      .filter((course) => !q || course.title.toLowerCase().includes(q.toLowerCase()))
      .filter((course) => !skill || (course.skills ?? []).some((own) => own.toLowerCase() === skill.toLowerCase()))
      .filter((course) => !category || course.category === category)
      .filter((course) => !level || course.level === level)
      .filter((course) => !kind || course.kind === kind)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const items: CourseSummary[] = matching
      .slice((page - 1) * pageSize, page * pageSize)
      .map(({ modules: _modules, prerequisites: _prerequisites, ...summary }) => summary);
    return { response: { items, total: matching.length, page, pageSize } };
  }

  /** Most skills covered first; enough of svc-courses' ranking for the gateway's tests. */
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
