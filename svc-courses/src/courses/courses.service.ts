import { withoutAnswers } from '../lesson-practice/lesson-quiz';
import {
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  CourseCategoriesReply,
  CourseDetail,
  CourseList,
  CourseSummary,
  DeleteCourseReply,
  EVENT_SUBJECTS,
  ListCoursesQuery,
  MAX_RECOMMENDED_COURSES,
  RecommendCoursesBody,
  RecommendCoursesReply,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource, FindManyOptions, FindOptionsWhere, ILike, In, Raw, Repository } from 'typeorm';
import { containsPattern, EventsPublisher, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { CATEGORY_COURSES_PARAMETERS, CATEGORY_COURSES_SQL, CategoryCourseRow, groupByCategory } from './course-categories';
import { RECOMMENDED_COURSES_SQL, RecommendedCourseRow, toRecommendations } from './course-recommendations';
import { CourseModule } from './entities/course-module.entity';
import { Course } from './entities/course.entity';
import { Lesson } from './entities/lesson.entity';
import { seesDrafts } from '../course-publishing/course-visibility';
import { publicationProblemsOf } from '../course-publishing/publication-problems';
import { filesOfLessonsBeingRemoved, ReleasedLessonFilesCleanup } from '../lesson-files/released-lesson-files';

export const COURSE_NOT_FOUND = COURSE_NOT_FOUND_MESSAGE;

@Injectable()
export class CoursesService {
  constructor(
    @InjectRepository(Course) private readonly courses: Repository<Course>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsPublisher,
    private readonly releasedFiles: ReleasedLessonFilesCleanup,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One page, newest first. The page's ids come first, from an index-only scan however deep the
   * page, then only those rows are read whole: an OFFSET over whole rows made Postgres sort the
   * table instead. The total is counted meanwhile on another pooled connection.
   */
  async list(query: ListCoursesQuery, { drafts }: CourseAudience = { drafts: false }): Promise<CourseList> {
    // A learner asking for drafts is shown none rather than told they exist.
    if (!drafts && query.status === 'draft') return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
    const { where, order, skip, take } = listFindOptions(query, { drafts });
    const [page, total] = await Promise.all([
      this.courses.find({ select: { id: true }, where, order, skip, take }),
      this.courses.count({ where }),
    ]);
    const rows =
      page.length === 0 ? [] : await this.courses.find({ ...summaryFindOptions(), where: { id: In(page.map((row) => row.id)) } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A course deleted between the two reads is left out.
    const items = page.flatMap(({ id }) => {
      const row = byId.get(id);
      return row ? [toCourseSummary(row)] : [];
    });
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * A course with its modules and lessons in course order; 404 when there is none, and for a draft
   * unless drafts are asked for (admins). AI labels and the publication state only when asked (admins).
   */
  async get(id: string, options: CourseDetailOptions = { aiLabels: false }): Promise<CourseDetail> {
    const course = await this.courses.findOne({
      where: { id },
      relations: { modules: { lessons: true } },
      order: { modules: { position: 'ASC', lessons: { position: 'ASC' } } },
    });
    if (!course || (course.status !== 'published' && !options.drafts)) throw rpcError(404, COURSE_NOT_FOUND);
    return toCourseDetail(course, options);
  }

  /**
   * Deletes a course with its modules and lessons in one transaction (the foreign keys cascade),
   * locking the row first so the counts reported are the ones removed. Once it is committed, the
   * other services are told (the request does not say who asked, so `deletedBy` is null), and the
   * uploaded videos its lessons showed are deleted unless another course's lesson shows them too, as
   * are the files learners attached to its exercises.
   */
  async delete(id: string): Promise<DeleteCourseReply> {
    const { reply, title, titleAr, files } = await this.dataSource.transaction(async (manager) => {
      const locked = await manager.query<Array<{ title: string; title_ar: string | null }>>(
        'SELECT title, title_ar FROM "courses"."courses" WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (locked.length === 0) throw rpcError(404, COURSE_NOT_FOUND);
      const modulesDeleted = await manager.countBy(CourseModule, { courseId: id });
      const lessonsDeleted = await manager.count(Lesson, { where: { module: { courseId: id } } });
      const files = await filesOfLessonsBeingRemoved(manager, { courseId: id });
      await manager.delete(Course, { id });
      return { reply: { id, modulesDeleted, lessonsDeleted }, title: locked[0].title, titleAr: locked[0].title_ar, files };
    });
    await this.releasedFiles.deleteReleased(files);
    // Deleted first: a stream that is away costs other services the news, never the person the deletion.
    await this.events
      .publish(
        EVENT_SUBJECTS.COURSE_DELETED,
        { courseId: id, title, titleAr, deletedBy: null, occurredAt: new Date().toISOString() },
        id,
      )
      .catch((error: unknown) => this.logger.warn({ err: error, courseId: id }, 'course-deleted event not published'));
    return reply;
  }

  /** The Ready AI categories, each with (up to MAX_COURSES_PER_CATEGORY of) the catalog's courses in it. */
  async listCategories({ drafts }: CourseAudience = { drafts: false }): Promise<CourseCategoriesReply> {
    const rows = await this.dataSource.query<CategoryCourseRow[]>(CATEGORY_COURSES_SQL, [...CATEGORY_COURSES_PARAMETERS, drafts]);
    return { categories: groupByCategory(rows) };
  }

  /** Courses ranked by how many of the skills they cover (see RECOMMENDED_COURSES_SQL); none when nothing covers any. */
  async recommend({ skills }: RecommendCoursesBody, { drafts }: CourseAudience = { drafts: false }): Promise<RecommendCoursesReply> {
    const ranked = await this.dataSource.query<RecommendedCourseRow[]>(RECOMMENDED_COURSES_SQL, [
      skills,
      MAX_RECOMMENDED_COURSES,
      drafts,
    ]);
    if (ranked.length === 0) return { courses: [] };
    const rows = await this.courses.find({ ...summaryFindOptions(), where: { id: In(ranked.map((row) => row.id)) } });
    const summaries = new Map(rows.map((row) => [row.id, toCourseSummary(row)]));
    return { courses: toRecommendations(ranked, summaries, skills.length) };
  }
}

/**
 * Newest first (id breaks ties so pages never overlap); `q` matches titles case-insensitively and
 * literally, `skill` one of the course's taxonomy skills ignoring case (through the GIN index on
 * `lowercase_skills`), and category, level and kind exactly.
 */
export function listFindOptions(query: ListCoursesQuery, { drafts }: CourseAudience = { drafts: false }): FindManyOptions<Course> {
  const where: FindOptionsWhere<Course> = {};
  // Learners: published only (the partial index courses_published_newest_first_idx); admins: all, or the status they filter on.
  if (!drafts) where.status = 'published';
  else if (query.status) where.status = query.status;
  if (query.q) where.title = ILike(containsPattern(query.q));
  if (query.skill) {
    where.skills = Raw((column) => `"courses"."lowercase_skills"(${column}) @> ARRAY[lower(:skill)]`, {
      skill: query.skill,
    });
  }
  if (query.category) where.category = query.category;
  if (query.level) where.level = query.level;
  if (query.kind) where.kind = query.kind;
  return {
    ...summaryFindOptions(),
    where,
    order: { createdAt: 'DESC', id: 'DESC' },
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize,
  };
}

/** The columns of a course summary: never the lessons, prerequisites or seed bookkeeping. */
function summaryFindOptions(): Pick<FindManyOptions<Course>, 'select'> {
  return {
    select: {
      id: true,
      title: true,
      description: true,
      duration: true,
      format: true,
      departmentOwner: true,
      color: true,
      abbreviation: true,
      imageUrl: true,
      createdAt: true,
      updatedAt: true,
      titleAr: true,
      descriptionAr: true,
      objective: true,
      skills: true,
      level: true,
      category: true,
      language: true,
      kind: true,
      provider: true,
      url: true,
      estimatedHours: true,
      status: true,
      publishedAt: true,
    },
  };
}

export function toCourseSummary(row: Course): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    duration: row.duration,
    format: row.format,
    departmentOwner: row.departmentOwner,
    color: row.color,
    abbreviation: row.abbreviation,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    titleAr: row.titleAr,
    descriptionAr: row.descriptionAr,
    objective: row.objective,
    skills: row.skills,
    level: row.level,
    category: row.category,
    language: row.language,
    kind: row.kind,
    provider: row.provider,
    url: row.url,
    estimatedHours: row.estimatedHours,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** Whom a read is for: `drafts` for admins (see course-publishing/course-visibility.ts). */
export interface CourseAudience {
  drafts: boolean;
}

export interface CourseDetailOptions {
  /** Which AI feature and model wrote the course and its lessons: shown to admins only. */
  aiLabels: boolean;
  /** A quiz lesson's answer and explanation lines: admins only, learners get them graded (lesson-practice). */
  quizAnswers?: boolean;
  /** Drafts are found (admins); otherwise a draft is 404 like a missing course. */
  drafts?: boolean;
  /** The publication state and what needs work before publishing: admins only. */
  publication?: boolean;
}

/** What admins see of a course: drafts, AI labels, quiz answers and the publication state. */
export const ADMIN_COURSE_VIEW: CourseDetailOptions = { aiLabels: true, quizAnswers: true, drafts: true, publication: true };

/** What the caller sees of a course: admins everything (drafts, labels, answers, publication); learners the published course. */
export function courseViewFor(caller: Caller | null | undefined): CourseDetailOptions {
  return seesDrafts(caller) ? ADMIN_COURSE_VIEW : { aiLabels: false, quizAnswers: false, drafts: false, publication: false };
}

export function toCourseDetail(row: Course, { aiLabels, quizAnswers = false, publication = false }: CourseDetailOptions = { aiLabels: false }): CourseDetail {
  return {
    ...toCourseSummary(row),
    prerequisites: row.prerequisites,
    ...(aiLabels && row.aiLabel ? { aiLabel: row.aiLabel } : {}),
    ...(publication
      ? {
          publication: {
            status: row.status,
            publishedAt: row.publishedAt?.toISOString() ?? null,
            problems: publicationProblemsOf({
              description: row.description,
              modules: (row.modules ?? []).map((module) => ({ id: module.id, title: module.title, lessons: module.lessons ?? [] })),
            }),
          },
        }
      : {}),
    modules: (row.modules ?? []).map((module) => ({
      id: module.id,
      title: module.title,
      description: module.description,
      lessons: (module.lessons ?? []).map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        duration: lesson.duration,
        type: lesson.type,
        content: lesson.type === 'quiz' && !quizAnswers ? withoutAnswers(lesson.content) : lesson.content,
        keyPoints: lesson.keyPoints,
        activities: lesson.activities,
        sources: lesson.sources ?? [],
        // Only where the agent changed something: the reply stays as it was for every other lesson.
        ...(lesson.enhancements?.length ? { enhancements: lesson.enhancements } : {}),
        ...(aiLabels && lesson.aiLabel ? { aiLabel: lesson.aiLabel } : {}),
        ...(lesson.video ? { video: lesson.video } : {}),
      })),
    })),
  };
}
