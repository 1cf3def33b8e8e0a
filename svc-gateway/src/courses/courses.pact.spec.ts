import {
  agentStatsSchema,
  agentTaskPageSchema,
  agentTaskSchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSE_EDITING_SUBJECTS,
  COURSE_PUBLISHING_SUBJECTS,
  publishRefusedMessage,
  COURSE_STRUCTURE_SUBJECTS,
  createFromCategoriesReplySchema,
  addModulesReplySchema,
  type Caller,
  courseCreationTaskSchema,
  courseCategoriesReplySchema,
  courseDetailSchema,
  createCourseRequestSchema,
  CreateCourseRequest,
  courseListSchema,
  COURSES_SUBJECTS,
  agentTaskReplySchema,
  QUALITY_CHECKS,
  qualityCoursePageSchema,
  qualityReportSchema,
  qualitySummarySchema,
  deleteCourseReplySchema,
  type LearningHelperRequest,
  learningHelperReplySchema,
  READY_AI_CATEGORIES,
  recommendCoursesReplySchema,
  startEnhancementReplySchema,
  startCourseNarrationReplySchema,
  courseSearchResponseSchema,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  searchPassageSchema,
  exerciseSubmissionSchema,
  exerciseSubmissionListSchema,
  exerciseSubmissionPageSchema,
  exerciseAttachmentObjectSchema,
  EXERCISE_ATTACHMENT_MESSAGES,
  LESSON_PRACTICE_MESSAGES,
  LESSON_PRACTICE_SUBJECTS,
  lessonQuizSchema,
  quizAttemptListSchema,
  quizAttemptResultSchema,
  LESSON_VIDEO_SUBJECTS,
  VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE,
} from '@masar/contracts';
import { HttpException } from '@nestjs/common';
import { EMPTY_JSON_OBJECT } from '@masar/contracts/service-kit/testing';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { COURSE_PROVIDER_STATES } from '../../test/support/course-provider-states';
import { AgentTasksClient } from '../ai-agents/agent-tasks.client';
import { LearningHelpersClient } from '../ai-agents/learning-helpers.client';
import { JobsClient } from '../jobs/jobs.client';
import { QualityClient } from '../quality/quality.client';
import { callerState, replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
import { LessonPracticeClient } from '../lesson-practice/lesson-practice.client';
import { CourseEditingClient } from '../course-editing/course-editing.client';
import { CoursePublishingClient } from '../course-publishing/course-publishing.client';
import { CourseStructureClient } from '../course-editing/course-structure.client';
import { NarrationClient } from '../narration/narration.client';
import { CoursesClient } from './courses.client';
import { LessonVideoClient } from '../lesson-video/lesson-video.client';

/**
 * What the gateway asks svc-courses and relies on in the answers, as V4 synchronous messages: the
 * request is the NATS payload the gateway sends on a subject, the response the reply packet
 * svc-courses's Nest microservice answers with (`{response}` on success, `{err}` with an ErrorReply
 * on failure). svc-courses verifies this file in its own tests; the provider states and their
 * params are listed in test/support/course-provider-states.ts.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-gateway-svc-courses.json');

const COURSE_ID = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
const MISSING_COURSE_ID = '00000000-0000-4000-8000-0000000000cc';

/** Pact refuses `{}` as JSON content; the raw bytes go through. */

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const LEVEL = /^(beginner|intermediate|advanced)$/;

/** The summary fields the gateway's schema requires, plus the catalog fields the browser reads. */
function courseSummaryLike(fields: { id?: unknown; title: unknown; skills: unknown; kind?: string; estimatedHours?: unknown }) {
  return {
    id: fields.id ?? Matchers.uuid(COURSE_ID),
    title: fields.title,
    description: Matchers.string('What the course teaches.'),
    duration: Matchers.string('4 weeks'),
    format: Matchers.string('Online'),
    departmentOwner: Matchers.string('Learning & Development'),
    color: Matchers.string('blue'),
    abbreviation: Matchers.string('SQL'),
    imageUrl: null,
    createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-22T08:30:00.000Z'),
    updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-22T08:30:00.000Z'),
    skills: fields.skills,
    kind: fields.kind ?? 'internal',
    estimatedHours: fields.estimatedHours ?? null,
  };
}

const EXISTING_COURSE_STATE = {
  id: COURSE_ID,
  title: 'SQL for Reporting',
  skills: ['SQL', 'Data Analysis'],
  modules: 2,
  lessonsPerModule: 2,
};

const lessonLike = {
  id: Matchers.uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
  title: Matchers.string('Reading tables'),
  duration: Matchers.string('15 min'),
  type: Matchers.regex(/^(video|reading|quiz|exercise)$/, 'reading'),
  content: Matchers.string('SELECT picks the columns you want to read.'),
  keyPoints: Matchers.eachLike(Matchers.string('SELECT picks columns')),
  activities: Matchers.eachLike(Matchers.string('Write a query')),
};

/** `caller`: the signed-in person a creation-task message is sent for (named by the `callerState` provider state). */
function replayAgainstCourses<T>(message: SynchronousMessage, call: (courses: CoursesClient) => Promise<T>, caller?: Caller) {
  return replayAgainstGateway(message, (services, config) => new CoursesClient(services, config), call, caller);
}


/** Editing is asked in an admin's name: svc-courses refuses anyone else. */
function replayAgainstEditing<T>(message: SynchronousMessage, call: (editing: CourseEditingClient) => Promise<T>) {
  return replayAgainstGateway(message, (services) => new CourseEditingClient(services), call, AS_AUTHOR);
}

function expectHttpError(error: unknown, status: number, message: string): void {
  expect(error).toBeInstanceOf(HttpException);
  expect((error as HttpException).getStatus()).toBe(status);
  expect((error as HttpException).getResponse()).toEqual({ statusCode: status, message });
}

/** The admin who starts creation tasks (and authors courses) in these interactions. */
const AUTHOR_ID = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const AS_AUTHOR: Caller = { id: AUTHOR_ID, role: 'admin' };
const AS_SOMEONE_ELSE: Caller = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', role: 'learner' };

describe('svc-gateway (consumer) and svc-courses (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-gateway', provider: 'svc-courses', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    // Each run writes the file afresh, so an interaction removed here leaves the contract too.
    rmSync(PACT_FILE, { force: true });
  });

  it('lists courses whose title matches, newest first, a page at a time', async () => {
    const query = { page: 1, pageSize: 20, q: 'sql' };
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.LIST_COURSES} filtered by title`)
      .given(COURSE_PROVIDER_STATES.COURSES_EXIST, {
        courses: [{ title: 'SQL Basics', skills: ['SQL'] }, { title: 'Leading Teams' }, { title: 'Advanced SQL', skills: ['SQL'] }],
      })
      .withRequest((request) => request.withJSONContent(query))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            items: Matchers.eachLike(courseSummaryLike({ title: Matchers.string('Advanced SQL'), skills: ['SQL'] }), 2),
            total: 2,
            page: 1,
            pageSize: 20,
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.list(query));
        expect(courseListSchema.parse(result).total).toBe(2);
      });
  });

  it('gets one course with its modules and lessons', async () => {
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.GET_COURSE} for an existing course`)
      .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
      .withRequest((request) => request.withJSONContent({ id: COURSE_ID }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            ...courseSummaryLike({ id: COURSE_ID, title: 'SQL for Reporting', skills: ['SQL', 'Data Analysis'] }),
            level: Matchers.regex(LEVEL, 'beginner'),
            prerequisites: [],
            modules: Matchers.eachLike(
              {
                id: Matchers.uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'),
                title: Matchers.string('Reading tables'),
                description: Matchers.string('Read one table.'),
                lessons: Matchers.eachLike(lessonLike, 2),
              },
              2,
            ),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.get(COURSE_ID));
        const course = courseDetailSchema.parse(result);
        expect(course).toMatchObject({ id: COURSE_ID, title: 'SQL for Reporting' });
        expect(course.modules[0].lessons.length).toBeGreaterThan(0);
      });
  });

  it("gets an unknown course: 404 'Course not found'", async () => {
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.GET_COURSE} for an unknown id`)
      .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
      .withRequest((request) => request.withJSONContent({ id: MISSING_COURSE_ID }))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstCourses(message, (courses) => courses.get(MISSING_COURSE_ID));
        expectHttpError(error, 404, 'Course not found');
      });
  });

  it('deletes a course with its modules and lessons (the gateway lets only admins ask)', async () => {
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.DELETE_COURSE}`)
      .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
      .withRequest((request) => request.withJSONContent({ id: COURSE_ID }))
      .withResponse((response) => response.withJSONContent({ response: { id: COURSE_ID, modulesDeleted: 2, lessonsDeleted: 4 } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.delete(COURSE_ID));
        expect(deleteCourseReplySchema.parse(result)).toEqual({ id: COURSE_ID, modulesDeleted: 2, lessonsDeleted: 4 });
      });
  });

  it("deletes an unknown course: 404 'Course not found'", async () => {
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.DELETE_COURSE} for an unknown id`)
      .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
      .withRequest((request) => request.withJSONContent({ id: MISSING_COURSE_ID }))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstCourses(message, (courses) => courses.delete(MISSING_COURSE_ID));
        expectHttpError(error, 404, 'Course not found');
      });
  });

  it("changes a course's fields and answers the course with the same modules and lessons", async () => {
    const changes = { title: 'SQL for Monthly Reporting', titleAr: 'لغة SQL للتقارير الشهرية', prerequisites: ['Spreadsheets'] };
    await pact
      .addSynchronousInteraction(`${COURSE_EDITING_SUBJECTS.UPDATE_COURSE} for an existing course`)
      .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
      .given(...callerState(AS_AUTHOR))
      .withRequest((request) => request.withJSONContent({ id: COURSE_ID, changes }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            ...courseSummaryLike({ id: COURSE_ID, title: changes.title, skills: EXISTING_COURSE_STATE.skills }),
            titleAr: changes.titleAr,
            prerequisites: changes.prerequisites,
            modules: Matchers.eachLike(
              {
                id: Matchers.uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'),
                title: Matchers.string('Module 1'),
                description: Matchers.string('Part 1 of SQL for Reporting.'),
                lessons: Matchers.eachLike(lessonLike, 2),
              },
              2,
            ),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstEditing(message, (editing) => editing.updateCourse({ id: COURSE_ID, changes }));
        expect(courseDetailSchema.parse(result)).toMatchObject({ id: COURSE_ID, ...changes });
      });
  });

  it("changes an unknown course: 404 'Course not found'", async () => {
    const changes = { title: 'Anything' };
    await pact
      .addSynchronousInteraction(`${COURSE_EDITING_SUBJECTS.UPDATE_COURSE} for an unknown id`)
      .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
      .given(...callerState(AS_AUTHOR))
      .withRequest((request) => request.withJSONContent({ id: MISSING_COURSE_ID, changes }))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstEditing(message, (editing) => editing.updateCourse({ id: MISSING_COURSE_ID, changes }));
        expectHttpError(error, 404, 'Course not found');
      });
  });

  it('changes one lesson in place and answers the course with it', async () => {
    const lessonId = '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';
    const changes = { title: 'Monthly totals with SUM', content: 'SUM totals a column of figures.', keyPoints: ['SUM totals a range'] };
    await pact
      .addSynchronousInteraction(`${COURSE_EDITING_SUBJECTS.UPDATE_LESSON} for a lesson of the course`)
      .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, { ...EXISTING_COURSE_STATE, firstLessonId: lessonId })
      .given(...callerState(AS_AUTHOR))
      .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, lessonId, changes }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            ...courseSummaryLike({ id: COURSE_ID, title: EXISTING_COURSE_STATE.title, skills: EXISTING_COURSE_STATE.skills }),
            prerequisites: [],
            modules: [
              {
                id: Matchers.uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'),
                title: Matchers.string('Module 1'),
                description: Matchers.string('Part 1 of SQL for Reporting.'),
                lessons: [{ ...lessonLike, id: lessonId, ...changes }, lessonLike],
              },
              {
                id: Matchers.uuid('5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a'),
                title: Matchers.string('Module 2'),
                description: Matchers.string('Part 2 of SQL for Reporting.'),
                lessons: Matchers.eachLike(lessonLike, 2),
              },
            ],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstEditing(message, (editing) => editing.updateLesson({ courseId: COURSE_ID, lessonId, changes }));
        expect(courseDetailSchema.parse(result).modules[0].lessons[0]).toMatchObject({ id: lessonId, ...changes });
      });
  });

  it("changes a lesson that is not the course's: 404 'Lesson not found'", async () => {
    const lessonId = '00000000-0000-4000-8000-0000000000dd';
    const changes = { title: 'Anything' };
    await pact
      .addSynchronousInteraction(`${COURSE_EDITING_SUBJECTS.UPDATE_LESSON} for a lesson the course does not have`)
      .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
      .given(...callerState(AS_AUTHOR))
      .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, lessonId, changes }))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Lesson not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstEditing(message, (editing) => editing.updateLesson({ courseId: COURSE_ID, lessonId, changes }));
        expectHttpError(error, 404, 'Lesson not found');
      });
  });

  describe('drafts and publishing (admins only; the caller travels in the header)', () => {
    const DRAFT_STATE = { ...EXISTING_COURSE_STATE, status: 'draft' };
    /** `publishedAt` is when it was last published: a course moved back to a draft keeps it. */
    const detailWithStatus = (status: 'draft' | 'published') => ({
      ...courseSummaryLike({ id: COURSE_ID, title: EXISTING_COURSE_STATE.title, skills: EXISTING_COURSE_STATE.skills }),
      status,
      prerequisites: [],
      modules: Matchers.eachLike(
        {
          id: Matchers.uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'),
          title: Matchers.string('Module 1'),
          description: Matchers.string('Part 1 of SQL for Reporting.'),
          lessons: Matchers.eachLike(lessonLike, 2),
        },
        2,
      ),
      publication: {
        status,
        publishedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-22T08:30:00.000Z'),
        problems: [],
      },
    });

    function replayAgainstPublishing<T>(message: SynchronousMessage, call: (publishing: CoursePublishingClient) => Promise<T>, caller: Caller = AS_AUTHOR) {
      return replayAgainstGateway(message, (services) => new CoursePublishingClient(services), call, caller);
    }

    it('publishes a draft with nothing left to do and answers it published', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_PUBLISHING_SUBJECTS.PUBLISH} for a draft ready to publish`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, DRAFT_STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ id: COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ response: detailWithStatus('published') }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstPublishing(message, (publishing) => publishing.publish(COURSE_ID));
          expect(courseDetailSchema.parse(result).publication?.status).toBe('published');
        });
    });

    it("refuses to publish a course that still needs work: 409 with the count", async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_PUBLISHING_SUBJECTS.PUBLISH} for a draft without modules`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, { ...DRAFT_STATE, modules: 0, lessonsPerModule: 0 })
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ id: COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 409, message: publishRefusedMessage(1) } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPublishing(message, (publishing) => publishing.publish(COURSE_ID));
          expectHttpError(error, 409, publishRefusedMessage(1));
        });
    });

    it('moves a published course back to a draft', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_PUBLISHING_SUBJECTS.UNPUBLISH} for a published course`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ id: COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ response: detailWithStatus('draft') }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstPublishing(message, (publishing) => publishing.unpublish(COURSE_ID));
          expect(courseDetailSchema.parse(result).status).toBe('draft');
        });
    });

    it("refuses a learner: 403", async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_PUBLISHING_SUBJECTS.PUBLISH} asked by a learner`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, DRAFT_STATE)
        .given(...callerState(AS_SOMEONE_ELSE))
        .withRequest((request) => request.withJSONContent({ id: COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: 'You do not have permission to do this' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPublishing(message, (publishing) => publishing.publish(COURSE_ID), AS_SOMEONE_ELSE);
          expectHttpError(error, 403, 'You do not have permission to do this');
        });
    });

    it("publishes an unknown course: 404 'Course not found'", async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_PUBLISHING_SUBJECTS.PUBLISH} for an unknown id`)
        .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ id: MISSING_COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPublishing(message, (publishing) => publishing.publish(MISSING_COURSE_ID));
          expectHttpError(error, 404, 'Course not found');
        });
    });
  });

  describe('course structure (admins only; the caller travels in the header)', () => {
    const [MODULE_1, MODULE_2] = ['4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f', '5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a'];
    const [LESSON_1, LESSON_2] = ['3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '6e7f8a9b-0c1d-4e2f-9a3b-4c5d6e7f8a9b'];
    const STATE = { ...EXISTING_COURSE_STATE, moduleIds: [MODULE_1, MODULE_2], firstModuleLessonIds: [LESSON_1, LESSON_2] };
    const NEW_LESSON = {
      title: 'Grouping rows',
      type: 'reading' as const,
      duration: '10 min',
      content: 'GROUP BY gathers rows that share a value.',
      keyPoints: ['GROUP BY gathers rows'],
      activities: ['Group your sales by month'],
    };
    const moduleLike = (fields: Record<string, unknown> = {}) => ({
      id: Matchers.uuid(MODULE_1),
      title: Matchers.string('Module 1'),
      description: Matchers.string('Part 1 of SQL for Reporting.'),
      lessons: Matchers.eachLike(lessonLike, 2),
      ...fields,
    });
    const courseWith = (modules: unknown) => ({
      response: {
        ...courseSummaryLike({ id: COURSE_ID, title: EXISTING_COURSE_STATE.title, skills: EXISTING_COURSE_STATE.skills }),
        prerequisites: [],
        modules,
      },
    });
    const replayAgainstStructure = <T>(message: SynchronousMessage, call: (structure: CourseStructureClient) => Promise<T>) =>
      replayAgainstGateway(message, (services) => new CourseStructureClient(services), call, AS_AUTHOR);

    it('adds a module with its first lesson after the last one', async () => {
      const module = { title: 'Aggregates', description: 'Summing up rows.', firstLesson: NEW_LESSON };
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.ADD_MODULE} with a first lesson`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, module }))
        .withResponse((response) =>
          response.withJSONContent(
            courseWith([moduleLike({ id: MODULE_1 }), moduleLike({ id: MODULE_2 }), moduleLike({ title: module.title, description: module.description, lessons: [{ ...lessonLike, ...NEW_LESSON }] })]),
          ),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) => structure.addModule({ courseId: COURSE_ID, module }));
          expect(courseDetailSchema.parse(result).modules[2]).toMatchObject({ title: 'Aggregates', lessons: [NEW_LESSON] });
        });
    });

    it("changes a module's title and description in place", async () => {
      const changes = { title: 'Reading tables well', description: 'SELECT and WHERE.' };
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE} for a module of the course`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleId: MODULE_1, changes }))
        .withResponse((response) => response.withJSONContent(courseWith([moduleLike({ id: MODULE_1, ...changes }), moduleLike({ id: MODULE_2 })])))
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) => structure.updateModule({ courseId: COURSE_ID, moduleId: MODULE_1, changes }));
          expect(courseDetailSchema.parse(result).modules[0]).toMatchObject({ id: MODULE_1, ...changes });
        });
    });

    it("changes a module the course does not have: 404 'Module not found'", async () => {
      const moduleId = '00000000-0000-4000-8000-0000000000ee';
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.UPDATE_MODULE} for a module the course does not have`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleId, changes: { title: 'Anything' } }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Module not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstStructure(message, (structure) => structure.updateModule({ courseId: COURSE_ID, moduleId, changes: { title: 'Anything' } }));
          expectHttpError(error, 404, 'Module not found');
        });
    });

    it('deletes a module with its lessons', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE}`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleId: MODULE_1 }))
        .withResponse((response) => response.withJSONContent(courseWith([moduleLike({ id: MODULE_2 })])))
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) => structure.deleteModule({ courseId: COURSE_ID, moduleId: MODULE_1 }));
          expect(courseDetailSchema.parse(result).modules.map((module) => module.id)).toEqual([MODULE_2]);
        });
    });

    it('reorders the modules with the full list of their ids', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES} with every module once`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleIds: [MODULE_2, MODULE_1] }))
        .withResponse((response) => response.withJSONContent(courseWith([moduleLike({ id: MODULE_2 }), moduleLike({ id: MODULE_1 })])))
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) => structure.reorderModules({ courseId: COURSE_ID, moduleIds: [MODULE_2, MODULE_1] }));
          expect(courseDetailSchema.parse(result).modules.map((module) => module.id)).toEqual([MODULE_2, MODULE_1]);
        });
    });

    it('refuses an order that leaves a module out: 400 with a message', async () => {
      const message400 = "The new order must list each of the course's modules exactly once";
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.REORDER_MODULES} leaving a module out`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleIds: [MODULE_2] }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 400, message: message400 } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstStructure(message, (structure) => structure.reorderModules({ courseId: COURSE_ID, moduleIds: [MODULE_2] }));
          expectHttpError(error, 400, message400);
        });
    });

    it('adds a lesson at the end of a module', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.ADD_LESSON}`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleId: MODULE_1, lesson: NEW_LESSON }))
        .withResponse((response) =>
          response.withJSONContent(
            courseWith([moduleLike({ id: MODULE_1, lessons: [{ ...lessonLike, id: LESSON_1 }, { ...lessonLike, id: LESSON_2 }, { ...lessonLike, ...NEW_LESSON }] }), moduleLike({ id: MODULE_2 })]),
          ),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) => structure.addLesson({ courseId: COURSE_ID, moduleId: MODULE_1, lesson: NEW_LESSON }));
          expect(courseDetailSchema.parse(result).modules[0].lessons[2]).toMatchObject(NEW_LESSON);
        });
    });

    it('deletes a lesson', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON} of the course`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, lessonId: LESSON_1 }))
        .withResponse((response) => response.withJSONContent(courseWith([moduleLike({ id: MODULE_1, lessons: [{ ...lessonLike, id: LESSON_2 }] }), moduleLike({ id: MODULE_2 })])))
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) => structure.deleteLesson({ courseId: COURSE_ID, lessonId: LESSON_1 }));
          expect(courseDetailSchema.parse(result).modules[0].lessons.map((lesson) => lesson.id)).toEqual([LESSON_2]);
        });
    });

    it("deletes a lesson that is not the course's: 404 'Lesson not found'", async () => {
      const lessonId = '00000000-0000-4000-8000-0000000000dd';
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON} the course does not have`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, lessonId }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Lesson not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstStructure(message, (structure) => structure.deleteLesson({ courseId: COURSE_ID, lessonId }));
          expectHttpError(error, 404, 'Lesson not found');
        });
    });

    it("reorders a module's lessons with the full list of their ids", async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.REORDER_LESSONS}`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, moduleId: MODULE_1, lessonIds: [LESSON_2, LESSON_1] }))
        .withResponse((response) =>
          response.withJSONContent(courseWith([moduleLike({ id: MODULE_1, lessons: [{ ...lessonLike, id: LESSON_2 }, { ...lessonLike, id: LESSON_1 }] }), moduleLike({ id: MODULE_2 })])),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) =>
            structure.reorderLessons({ courseId: COURSE_ID, moduleId: MODULE_1, lessonIds: [LESSON_2, LESSON_1] }),
          );
          expect(courseDetailSchema.parse(result).modules[0].lessons.map((lesson) => lesson.id)).toEqual([LESSON_2, LESSON_1]);
        });
    });

    it('moves a lesson into another module of the course, first there', async () => {
      await pact
        .addSynchronousInteraction(`${COURSE_STRUCTURE_SUBJECTS.MOVE_LESSON} into another module`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, STATE)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent({ courseId: COURSE_ID, lessonId: LESSON_1, moduleId: MODULE_2, position: 0 }))
        .withResponse((response) =>
          response.withJSONContent(
            courseWith([
              moduleLike({ id: MODULE_1, lessons: [{ ...lessonLike, id: LESSON_2 }] }),
              moduleLike({ id: MODULE_2, lessons: [{ ...lessonLike, id: LESSON_1 }, lessonLike, lessonLike] }),
            ]),
          ),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstStructure(message, (structure) =>
            structure.moveLesson({ courseId: COURSE_ID, lessonId: LESSON_1, moduleId: MODULE_2, position: 0 }),
          );
          expect(courseDetailSchema.parse(result).modules[1].lessons[0].id).toBe(LESSON_1);
        });
    });
  });

  it('lists the eleven Ready AI categories in order, each with its courses, empty ones included', async () => {
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.LIST_CATEGORIES}`)
      .given(COURSE_PROVIDER_STATES.COURSES_EXIST, {
        courses: [
          { title: 'Effective Business Communication', category: 'Communication', level: 'beginner', duration: '6 weeks' },
          { title: 'Excel Essentials', category: 'Microsoft Excel', level: 'beginner', duration: '2 weeks' },
        ],
      })
      .withRequest((request) => request.withContent('application/json', EMPTY_JSON_OBJECT))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            categories: READY_AI_CATEGORIES.map((name) => ({
              name,
              courses: ['Communication', 'Microsoft Excel'].includes(name)
                ? Matchers.eachLike({
                    id: Matchers.uuid(COURSE_ID),
                    title: Matchers.string('Excel Essentials'),
                    description: Matchers.string('What the course teaches.'),
                    level: Matchers.regex(LEVEL, 'beginner'),
                    duration: Matchers.string('2 weeks'),
                  })
                : [],
            })),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.listCategories());
        const { categories } = courseCategoriesReplySchema.parse(result);
        expect(categories.map((category) => category.name)).toEqual([...READY_AI_CATEGORIES]);
      });
  });

  it('recommends courses by how many of the skills they cover, ignoring case, with the skills each covers', async () => {
    const body = { skills: ['python', 'SQL'] };
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.RECOMMEND} for skills some courses cover`)
      .given(COURSE_PROVIDER_STATES.COURSES_EXIST, {
        courses: [
          { title: 'SQL Basics', skills: ['SQL'], estimatedHours: 6 },
          { title: 'Python for Data Analysis', skills: ['Python', 'SQL', 'Pandas'], estimatedHours: 12 },
          { title: 'Leading Teams', skills: ['Leadership'] },
        ],
      })
      .withRequest((request) => request.withJSONContent(body))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            courses: [
              {
                ...courseSummaryLike({ title: 'Python for Data Analysis', skills: ['Python', 'SQL', 'Pandas'], estimatedHours: 12 }),
                coveredSkills: ['Python', 'SQL'],
                coverage: 1,
              },
              {
                ...courseSummaryLike({ title: 'SQL Basics', skills: ['SQL'], estimatedHours: 6 }),
                coveredSkills: ['SQL'],
                coverage: 0.5,
              },
            ],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.recommend(body));
        const reply = recommendCoursesReplySchema.parse(result);
        expect(reply.courses.map((course) => course.title)).toEqual(['Python for Data Analysis', 'SQL Basics']);
      });
  });

  it('recommends nothing when no course covers any of the skills', async () => {
    const body = { skills: ['Underwater Basket Weaving'] };
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.RECOMMEND} for skills no course covers`)
      .given(COURSE_PROVIDER_STATES.COURSES_EXIST, { courses: [{ title: 'SQL Basics', skills: ['SQL'] }] })
      .withRequest((request) => request.withJSONContent(body))
      .withResponse((response) => response.withJSONContent({ response: { courses: [] } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.recommend(body));
        expect(result).toEqual({ courses: [] });
      });
  });

  it('searches the library and answers honestly when nothing matches, without an AI answer', async () => {
    const query = { q: 'underwater basket weaving', lang: 'en' as const };
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.SEARCH} for a subject no course covers`)
      .given(COURSE_PROVIDER_STATES.COURSES_EXIST, { courses: [{ title: 'SQL Basics', skills: ['SQL'] }] })
      .withRequest((request) => request.withJSONContent(query))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            query: query.q,
            answer: `Your course library has nothing on "${query.q}" yet.`,
            answerSource: null,
            answerProblem: null,
            totalResults: 0,
            totalResultsCapped: false,
            summary: { coursesFound: 0, modulesFound: 0, lessonsFound: 0, keyInsights: [] },
            relatedTopics: [],
            chunks: [],
            matchedTerms: [],
            skills: [],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstCourses(message, (courses) => courses.search(query));
        const reply = courseSearchResponseSchema.parse(result);
        expect(reply.totalResults).toBe(0);
        expect(reply.answer).toContain(query.q);
      });
  });

  describe("a search result's whole text (learners: published courses only; the caller travels in the header)", () => {
    const PASSAGE_ID = '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const passageState = (status: 'published' | 'draft') => ({ ...EXISTING_COURSE_STATE, status, passageId: PASSAGE_ID });

    it("answers the course's own passage with its whole text", async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.SEARCH_PASSAGE} for a published course's passage`)
        .given(COURSE_PROVIDER_STATES.SEARCH_PASSAGE_EXISTS, passageState('published'))
        .given(...callerState(AS_SOMEONE_ELSE))
        .withRequest((request) => request.withJSONContent({ id: PASSAGE_ID }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              id: PASSAGE_ID,
              field: 'course',
              courseId: COURSE_ID,
              moduleId: null,
              lessonId: null,
              courseTitle: EXISTING_COURSE_STATE.title,
              moduleTitle: '',
              lessonTitle: '',
              language: 'en',
              fullText: Matchers.regex('[\\s\\S]*SQL, Data Analysis[\\s\\S]*', 'What SQL for Reporting teaches.\n\nSkills: SQL, Data Analysis'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstCourses(message, (courses) => courses.searchPassage(PASSAGE_ID), AS_SOMEONE_ELSE);
          expect(searchPassageSchema.parse(result)).toMatchObject({ id: PASSAGE_ID, courseId: COURSE_ID });
        });
    });

    it("answers 404 with a message for a draft's passage to a learner", async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.SEARCH_PASSAGE} for a draft's passage asked by a learner`)
        .given(COURSE_PROVIDER_STATES.SEARCH_PASSAGE_EXISTS, passageState('draft'))
        .given(...callerState(AS_SOMEONE_ELSE))
        .withRequest((request) => request.withJSONContent({ id: PASSAGE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstCourses(message, (courses) => courses.searchPassage(PASSAGE_ID), AS_SOMEONE_ELSE);
          expectHttpError(error, 404, SEARCH_PASSAGE_NOT_FOUND_MESSAGE);
        });
    });
  });

  describe('course authoring', () => {
    const TASK_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
    const CREATED_COURSE_ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
    const form = {
      title: 'SQL Reporting Basics',
      description: 'Write SQL queries that answer reporting questions.',
      duration: '2 weeks',
      format: 'Online',
      departmentOwner: 'Data Office',
      color: 'blue',
      abbreviation: 'SRB',
      numberOfModules: 1,
      lessonsPerModule: 2,
      skills: ['SQL'],
    };
    const catalogSourceLike = {
      origin: 'catalog',
      courseId: Matchers.uuid(COURSE_ID),
      lessonId: Matchers.uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
      courseTitle: Matchers.string('SQL for Reporting'),
      lessonTitle: Matchers.string('Lesson 1.1'),
    };
    const createdCourseLike = {
      ...courseSummaryLike({ id: Matchers.uuid(CREATED_COURSE_ID), title: form.title, skills: ['SQL'] }),
      createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
      estimatedHours: Matchers.decimal(0.5),
      prerequisites: [],
      modules: Matchers.eachLike({
        id: Matchers.uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
        title: Matchers.string('Module 1'),
        description: Matchers.string('Part 1 of SQL for Reporting.'),
        lessons: Matchers.eachLike({ ...lessonLike, sources: Matchers.eachLike(catalogSourceLike) }, 2),
      }),
    };

    it('creates a course from the form, its lessons assembled from the library lessons on its skills, each citing its source', async () => {
      const request = { ...form, createdBy: AUTHOR_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.CREATE_COURSE} from the form`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) => response.withJSONContent({ response: createdCourseLike }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstCourses(message, (courses) => courses.create(createCourseRequestSchema.parse(request)));
          const course = courseDetailSchema.parse(result);
          expect(course.modules[0].lessons.every((lesson) => (lesson.sources ?? []).length > 0)).toBe(true);
        });
    });

    it("refuses a form without a title: 400 'title: Title is required'", async () => {
      const request = { ...form, title: '  ', createdBy: AUTHOR_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.CREATE_COURSE} without a title`)
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 400, message: 'title: Title is required' } }))
        .executeTest(async (message) => {
          // The gateway's own pipe refuses this first; svc-courses checks again for any other sender.
          const { error } = await replayAgainstCourses(message, (courses) => courses.create(request as unknown as CreateCourseRequest));
          expectHttpError(error, 400, 'title: Title is required');
        });
    });

    it('adds modules to a course after its last one', async () => {
      const request = { id: COURSE_ID, numberOfModules: 1, lessonsPerModule: 2 };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.ADD_MODULES} to an existing course`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              course: {
                ...courseSummaryLike({ title: EXISTING_COURSE_STATE.title, skills: EXISTING_COURSE_STATE.skills }),
                prerequisites: [],
                modules: Matchers.eachLike(
                  {
                    id: Matchers.uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
                    title: Matchers.string('Module 1'),
                    description: Matchers.string('Part 1 of SQL for Reporting.'),
                    // With no other course in the library, the new lessons say so and have no key points yet.
                    lessons: Matchers.eachLike(
                      { ...lessonLike, keyPoints: Matchers.like([]), activities: Matchers.like([]) },
                      2,
                    ),
                  },
                  3,
                ),
              },
              modulesAdded: 1,
              lessonsAdded: 2,
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstCourses(message, (courses) => courses.addModules(request));
          const reply = addModulesReplySchema.parse(result);
          expect(reply.course.modules).toHaveLength(3);
        });
    });

    it("adds modules to an unknown course: 404 'Course not found'", async () => {
      const request = { id: MISSING_COURSE_ID, numberOfModules: 2, lessonsPerModule: 2 };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.ADD_MODULES} to an unknown course`)
        .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstCourses(message, (courses) => courses.addModules(request));
          expectHttpError(error, 404, 'Course not found');
        });
    });

    it('starts a creation task for uploaded files and answers at once, in the uploading stage', async () => {
      const request = {
        kind: 'import' as const,
        files: [{ objectName: '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f', fileName: 'safety.pdf', declaredMediaType: 'application/pdf', size: 2048 }],
        useAIOrganization: false,
      };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_CREATION_TASK} for one file`)
        .given(...callerState(AS_AUTHOR))
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              id: Matchers.uuid(TASK_ID),
              kind: 'import',
              stage: 'uploading',
              progress: 10,
              message: Matchers.string('Received 1 file'),
              courseId: null,
              fileNames: ['safety.pdf'],
              createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
              updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstCourses(message, (courses) => courses.startCreationTask(request), AS_AUTHOR);
          expect(courseCreationTaskSchema.parse(result).stage).toBe('uploading');
        });
    });

    it('reports a finished creation task with the course it made', async () => {
      const request = { id: TASK_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.GET_CREATION_TASK} that is complete`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.CREATION_TASK_EXISTS, {
          id: TASK_ID,
          kind: 'import',
          stage: 'complete',
          createdBy: AUTHOR_ID,
          courseId: CREATED_COURSE_ID,
          message: 'Course created',
          fileNames: ['safety.pdf'],
        })
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              id: TASK_ID,
              kind: 'import',
              stage: 'complete',
              progress: 100,
              message: 'Course created',
              courseId: CREATED_COURSE_ID,
              fileNames: ['safety.pdf'],
              createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
              updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstCourses(message, (courses) => courses.getCreationTask(request), AS_AUTHOR);
          expect(courseCreationTaskSchema.parse(result).courseId).toBe(CREATED_COURSE_ID);
        });
    });

    it("hides someone else's creation task: 404", async () => {
      const request = { id: TASK_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.GET_CREATION_TASK} started by someone else`)
        .given(...callerState(AS_SOMEONE_ELSE))
        .given(COURSE_PROVIDER_STATES.CREATION_TASK_EXISTS, {
          id: TASK_ID,
          kind: 'import',
          stage: 'processing',
          createdBy: AUTHOR_ID,
          fileNames: ['safety.pdf'],
        })
        .withRequest((message) => message.withJSONContent(request))
        .withResponse((response) =>
          response.withJSONContent({ err: { statusCode: 404, message: 'Course creation task not found' } }),
        )
        .executeTest(async (message) => {
          const { error } = await replayAgainstCourses(message, (courses) => courses.getCreationTask(request), AS_SOMEONE_ELSE);
          expectHttpError(error, 404, 'Course creation task not found');
        });
    });
  });

  describe('quality reviews (admins only; the caller travels in the header)', () => {
    const FAILED_MESSAGE = 'The lesson "Lesson 1.1" holds placeholder text: lorem ipsum (“Lorem ipsum”).';
    const REVIEWED_STATE = { id: COURSE_ID, title: 'SQL for Reporting', failedMessage: FAILED_MESSAGE };
    const replayAgainstQuality = <T>(message: SynchronousMessage, call: (quality: QualityClient) => Promise<T>, caller: Caller) =>
      replayAgainstGateway(message, (services) => new QualityClient(services), call, caller);
    const CHECK = new RegExp(`^(${QUALITY_CHECKS.join('|')})$`);
    const QUALITY_TASK_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';

    it("sums up every course's latest review: courses, checks, pass rate, failures by severity and by check", async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.QUALITY_SUMMARY} over one reviewed course`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_REVIEWED, REVIEWED_STATE)
        .withRequest((message) => message.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              coursesReviewed: 1,
              checksRun: 3,
              passed: 2,
              failed: 1,
              passRate: 66.7,
              bySeverity: { critical: 0, major: 1, minor: 0, info: 0 },
              byCheck: Matchers.eachLike({ check: Matchers.regex(CHECK, 'structure'), run: Matchers.integer(0), passed: Matchers.integer(0), failed: Matchers.integer(0) }, QUALITY_CHECKS.length),
              lastReviewedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstQuality(message, (quality) => quality.summary(), AS_AUTHOR);
          expect(qualitySummarySchema.parse(result).passRate).toBe(66.7);
        });
    });

    it('refuses a learner: 403', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.QUALITY_SUMMARY} asked by a learner`)
        .given(...callerState(AS_SOMEONE_ELSE))
        .withRequest((message) => message.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: 'You do not have permission to do this' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstQuality(message, (quality) => quality.summary(), AS_SOMEONE_ELSE);
          expectHttpError(error, 403, 'You do not have permission to do this');
        });
    });

    it('lists the reviewed courses with their latest figures, worst first', async () => {
      const query = { page: 1, pageSize: 20 };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.QUALITY_COURSES} with one reviewed course`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_REVIEWED, REVIEWED_STATE)
        .withRequest((message) => message.withJSONContent(query))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              items: [
                {
                  courseId: COURSE_ID,
                  courseTitle: 'SQL for Reporting',
                  reviewedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
                  checksRun: 3,
                  passed: 2,
                  failed: 1,
                  worstSeverity: 'major',
                },
              ],
              total: 1,
              page: 1,
              pageSize: 20,
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstQuality(message, (quality) => quality.courses(query), AS_AUTHOR);
          expect(qualityCoursePageSchema.parse(result).items[0].worstSeverity).toBe('major');
        });
    });

    it("answers a course's report: its latest review with every finding and the lesson it concerns, failed first", async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.QUALITY_REPORT} of a reviewed course`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_REVIEWED, REVIEWED_STATE)
        .withRequest((message) => message.withJSONContent({ courseId: COURSE_ID }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              reviewId: Matchers.uuid('3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f'),
              courseId: COURSE_ID,
              courseTitle: 'SQL for Reporting',
              taskId: null,
              reviewedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
              checksRun: 3,
              passed: 2,
              failed: 1,
              findings: [
                {
                  check: 'placeholder-text',
                  passed: false,
                  severity: 'major',
                  moduleId: Matchers.uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
                  lessonId: Matchers.uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
                  moduleTitle: 'Module 1',
                  lessonTitle: 'Lesson 1.1',
                  message: FAILED_MESSAGE,
                },
                ...['Lesson 1.1', 'Lesson 1.2'].map((lessonTitle) => ({
                  check: 'personal-data',
                  passed: true,
                  severity: 'critical',
                  moduleId: Matchers.uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
                  lessonId: Matchers.uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
                  moduleTitle: 'Module 1',
                  lessonTitle,
                  message: `The lesson "${lessonTitle}" holds no email address or phone number.`,
                })),
              ],
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstQuality(message, (quality) => quality.report(COURSE_ID), AS_AUTHOR);
          expect(qualityReportSchema.parse(result).findings[0]).toMatchObject({ passed: false, lessonTitle: 'Lesson 1.1' });
        });
    });

    it("answers 404 for a course never reviewed: 'This course has not been reviewed yet'", async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.QUALITY_REPORT} of a course never reviewed`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
        .withRequest((message) => message.withJSONContent({ courseId: MISSING_COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'This course has not been reviewed yet' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstQuality(message, (quality) => quality.report(MISSING_COURSE_ID), AS_AUTHOR);
          expectHttpError(error, 404, 'This course has not been reviewed yet');
        });
    });

    it("starts a review of one course as the caller's task and answers it queued", async () => {
      const body = { courseId: COURSE_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.QUALITY_START_REVIEW} of one course`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .given(COURSE_PROVIDER_STATES.AGENT_TASKS_WAIT)
        .withRequest((message) => message.withJSONContent(body))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              task: {
                id: Matchers.uuid(QUALITY_TASK_ID),
                title: 'Quality review: SQL for Reporting',
                type: 'quality-review',
                agent: 'quality-assurance',
                status: 'queued',
                progress: 0,
                currentStep: 'Waiting to start',
                canPause: false,
                canCancel: true,
                startTime: null,
                endTime: null,
                estimatedDuration: Matchers.integer(20),
                error: null,
                logs: Matchers.eachLike({ at: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: 'Queued' }),
                result: null,
                createdBy: AUTHOR_ID,
                createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
                updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
              },
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstQuality(message, (quality) => quality.startReview(body), AS_AUTHOR);
          expect(agentTaskReplySchema.parse(result).task).toMatchObject({ type: 'quality-review', status: 'queued', createdBy: AUTHOR_ID });
        });
    });
  });
  describe('agent tasks', () => {
    const AGENT_TASK_ID = '6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d';
    const runningTask = {
      id: AGENT_TASK_ID,
      title: 'SQL for Reporting',
      type: 'ready-ai-course',
      status: 'running',
      progress: 37,
      currentStep: 'Writing module 3 of 6: Joins',
      canPause: true,
      createdBy: AUTHOR_ID,
    };
    const taskLike = (fields: Record<string, unknown>) => ({
      id: AGENT_TASK_ID,
      title: 'SQL for Reporting',
      type: 'ready-ai-course',
      agent: 'course-creation',
      status: fields.status ?? 'running',
      progress: fields.progress ?? 37,
      currentStep: fields.currentStep === undefined ? 'Writing module 3 of 6: Joins' : fields.currentStep,
      canPause: fields.canPause ?? true,
      canCancel: true,
      startTime: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
      endTime: null,
      estimatedDuration: Matchers.integer(80),
      error: null,
      result: null,
      createdBy: AUTHOR_ID,
      createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
      updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
    });
    const replayAgainstAgentTasks = <T,>(message: SynchronousMessage, call: (tasks: AgentTasksClient) => Promise<T>, caller: Caller) =>
      replayAgainstGateway(message, (services) => new AgentTasksClient(services), call, caller);

    it('lists the caller\'s agent tasks, newest first, without their logs', async () => {
      const query = { page: 1, pageSize: 10 };
      await pact
        .addSynchronousInteraction(`${COURSES_AGENT_TASK_SUBJECTS.LIST} for its starter`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS, runningTask)
        .withRequest((message) => message.withJSONContent(query))
        .withResponse((response) => response.withJSONContent({ response: { items: Matchers.eachLike(taskLike({})), total: 1, page: 1, pageSize: 10 } }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstAgentTasks(message, (tasks) => tasks.list(query), AS_AUTHOR);
          expect(agentTaskPageSchema.parse(result).items[0].status).toBe('running');
        });
    });

    it('gets one task with its log', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_AGENT_TASK_SUBJECTS.GET} for its starter`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS, runningTask)
        .withRequest((message) => message.withJSONContent({ id: AGENT_TASK_ID }))
        .withResponse((response) =>
          response.withJSONContent({
            response: { ...taskLike({}), logs: Matchers.eachLike({ at: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: Matchers.string('Started') }) },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAgentTasks(message, (tasks) => tasks.get(AGENT_TASK_ID), AS_AUTHOR);
          expect(agentTaskSchema.parse(result).logs[0].message).toBe('Started');
        });
    });

    it('counts the caller\'s tasks, overall and per agent', async () => {
      const counts = { total: 1, running: 1, completed: 0, failed: 0 };
      const none = { total: 0, running: 0, completed: 0, failed: 0 };
      await pact
        .addSynchronousInteraction(`${COURSES_AGENT_TASK_SUBJECTS.STATS} for its starter`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS, runningTask)
        .withRequest((message) => message.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) =>
          response.withJSONContent({
            response: { ...counts, byAgent: { 'course-creation': counts, 'quality-assurance': none, 'content-enhancement': none } },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAgentTasks(message, (tasks) => tasks.stats(), AS_AUTHOR);
          expect(agentStatsSchema.parse(result).running).toBe(1);
        });
    });

    it('pauses a running task and answers with its new state', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_AGENT_TASK_SUBJECTS.PAUSE} of a running task`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS, runningTask)
        .withRequest((message) => message.withJSONContent({ id: AGENT_TASK_ID }))
        .withResponse((response) =>
          response.withJSONContent({ response: { ...taskLike({ status: 'paused', canPause: false }), logs: Matchers.eachLike({ at: Matchers.string('2026-11-25T08:30:00.000Z'), message: Matchers.string('Started') }) } }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAgentTasks(message, (tasks) => tasks.control('PAUSE', AGENT_TASK_ID), AS_AUTHOR);
          expect(agentTaskSchema.parse(result).status).toBe('paused');
        });
    });

    it('refuses a control on a finished task: 409', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_AGENT_TASK_SUBJECTS.CANCEL} of a completed task`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS, { ...runningTask, status: 'completed', progress: 100, currentStep: null, canPause: false })
        .withRequest((message) => message.withJSONContent({ id: AGENT_TASK_ID }))
        .withResponse((response) =>
          response.withJSONContent({ err: { statusCode: 409, message: 'This task has already completed; it can no longer be changed' } }),
        )
        .executeTest(async (message) => {
          const { error } = await replayAgainstAgentTasks(message, (tasks) => tasks.control('CANCEL', AGENT_TASK_ID), AS_AUTHOR);
          expectHttpError(error, 409, 'This task has already completed; it can no longer be changed');
        });
    });

    it("hides someone else's task: 404", async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_AGENT_TASK_SUBJECTS.GET} started by someone else`)
        .given(...callerState(AS_SOMEONE_ELSE))
        .given(COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS, runningTask)
        .withRequest((message) => message.withJSONContent({ id: AGENT_TASK_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Agent task not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAgentTasks(message, (tasks) => tasks.get(AGENT_TASK_ID), AS_SOMEONE_ELSE);
          expectHttpError(error, 404, 'Agent task not found');
        });
    });

    it('starts one Ready AI task per selected catalog course', async () => {
      const body = { selectedCourses: [{ id: COURSE_ID, title: 'SQL for Reporting' }] };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_READY_AI} for one catalog course`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .withRequest((message) => message.withJSONContent(body))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              tasks: [
                {
                  ...taskLike({ status: 'queued', progress: 0, currentStep: 'Waiting to start', canPause: false }),
                  id: Matchers.uuid(AGENT_TASK_ID),
                  startTime: null,
                  logs: [{ at: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: 'Queued' }],
                },
              ],
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstCourses(message, (courses) => courses.startReadyAi(body), AS_AUTHOR);
          expect(createFromCategoriesReplySchema.parse(result).tasks).toHaveLength(1);
        });
    });

    it('starts the Content Enhancement agent on one course for an admin and answers the queued task', async () => {
      const body = { courseId: COURSE_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_ENHANCEMENT} of one course`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .given(COURSE_PROVIDER_STATES.AGENT_TASKS_WAIT)
        .withRequest((message) => message.withJSONContent(body))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              tasks: [
                {
                  ...taskLike({ status: 'queued', progress: 0, currentStep: 'Waiting to start', canPause: false }),
                  id: Matchers.uuid(AGENT_TASK_ID),
                  title: 'Content enhancement: SQL for Reporting',
                  type: 'content-enhancement',
                  agent: 'content-enhancement',
                  startTime: null,
                  logs: [{ at: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: 'Queued' }],
                },
              ],
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAgentTasks(message, (tasks) => tasks.startEnhancement(body), AS_AUTHOR);
          expect(startEnhancementReplySchema.parse(result).tasks[0]).toMatchObject({ type: 'content-enhancement', status: 'queued' });
        });
    });

    it('refuses to enhance for a learner: 403', async () => {
      const body = { courseId: COURSE_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_ENHANCEMENT} asked by a learner`)
        .given(...callerState(AS_SOMEONE_ELSE))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .withRequest((message) => message.withJSONContent(body))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: 'You do not have permission to do this' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAgentTasks(message, (tasks) => tasks.startEnhancement(body), AS_SOMEONE_ELSE);
          expectHttpError(error, 403, 'You do not have permission to do this');
        });
    });

    it('refuses to enhance a course that does not exist: 404', async () => {
      const body = { courseId: MISSING_COURSE_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_ENHANCEMENT} of a course that does not exist`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
        .withRequest((message) => message.withJSONContent(body))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAgentTasks(message, (tasks) => tasks.startEnhancement(body), AS_AUTHOR);
          expectHttpError(error, 404, 'Course not found');
        });
    });

    it('refuses a selection that left the catalog: 404', async () => {
      const body = { selectedCourses: [{ id: MISSING_COURSE_ID, title: 'Gone' }] };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_READY_AI} for a course no longer in the catalog`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
        .withRequest((message) => message.withJSONContent(body))
        .withResponse((response) =>
          response.withJSONContent({ err: { statusCode: 404, message: 'A selected course is no longer in the catalog; reload the list and choose again' } }),
        )
        .executeTest(async (message) => {
          const { error } = await replayAgainstCourses(message, (courses) => courses.startReadyAi(body), AS_AUTHOR);
          expectHttpError(error, 404, 'A selected course is no longer in the catalog; reload the list and choose again');
        });
    });

    const replayAgainstNarration = <T,>(message: SynchronousMessage, call: (narration: NarrationClient) => Promise<T>, caller: Caller) =>
      replayAgainstGateway(message, (services, config) => new NarrationClient(services, config), call, caller);

    it('starts narrating a whole course for an admin: the lessons to narrate and the queued task', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_COURSE_NARRATION} of a course with lessons`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .given(COURSE_PROVIDER_STATES.AGENT_TASKS_WAIT)
        .withRequest((message) => message.withJSONContent({ id: COURSE_ID }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              totalLessons: 4,
              task: {
                ...taskLike({ status: 'queued', progress: 0, currentStep: 'Waiting to start', canPause: false }),
                id: Matchers.uuid(AGENT_TASK_ID),
                title: 'Course narration: SQL for Reporting',
                type: 'course-narration',
                agent: 'content-enhancement',
                startTime: null,
                logs: [{ at: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: 'Queued' }],
              },
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstNarration(message, (narration) => narration.startCourseNarration(COURSE_ID), AS_AUTHOR);
          expect(startCourseNarrationReplySchema.parse(result)).toMatchObject({ totalLessons: 4, task: { type: 'course-narration', status: 'queued' } });
        });
    });

    it('refuses to narrate a course for a learner: 403', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_COURSE_NARRATION} asked by a learner`)
        .given(...callerState(AS_SOMEONE_ELSE))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, EXISTING_COURSE_STATE)
        .withRequest((message) => message.withJSONContent({ id: COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: 'You do not have permission to do this' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstNarration(message, (narration) => narration.startCourseNarration(COURSE_ID), AS_SOMEONE_ELSE);
          expectHttpError(error, 403, 'You do not have permission to do this');
        });
    });

    it('refuses to narrate a course that does not exist: 404', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.START_COURSE_NARRATION} of a course that does not exist`)
        .given(...callerState(AS_AUTHOR))
        .given(COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID, { id: MISSING_COURSE_ID })
        .withRequest((message) => message.withJSONContent({ id: MISSING_COURSE_ID }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Course not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstNarration(message, (narration) => narration.startCourseNarration(MISSING_COURSE_ID), AS_AUTHOR);
          expectHttpError(error, 404, 'Course not found');
        });
    });
  });
  describe('learning helpers', () => {
    const LEARNER: Caller = { id: '2e4c6a8b-0d1f-4e3a-9b5c-7d9e1f3a5b7c', role: 'learner' };
    const LESSON_ID = '4c8e2a6b-1d3f-4a5b-9c7d-8e0f1a2b3c4d';
    const MISSING_LESSON_ID = '00000000-0000-4000-8000-00000000011e';
    const replayAgainstHelpers = <T,>(message: SynchronousMessage, call: (helpers: LearningHelpersClient) => Promise<T>, caller: Caller) =>
      replayAgainstGateway(message, (services, config) => new LearningHelpersClient(services, new JobsClient(services, config), config), call, caller);

    /** A learner's quiz on the first lesson of a course, as the browser sends it, with the job role the gateway looked up. */
    const QUIZ: LearningHelperRequest = {
      action: 'generate_quiz',
      query: 'reporting',
      content: 'A report answers one question for one audience. Start with the number that matters, then show how it changed and why.',
      context: { courseTitle: EXISTING_COURSE_STATE.title, moduleTitle: 'Module 1', lessonTitle: 'Lesson 1.1' },
      lessonId: LESSON_ID,
      courseId: COURSE_ID,
      jobRole: 'Sales Analyst',
    };

    it('runs a helper on a lesson of the library in the learner’s name and answers markdown, with who wrote it', async () => {
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.RUN_LEARNING_HELPER} for a quiz on a lesson, in the learner's job role`)
        .given(...callerState(LEARNER))
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, { ...EXISTING_COURSE_STATE, firstLessonId: LESSON_ID })
        .withRequest((message) => message.withJSONContent(QUIZ))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              response: Matchers.regex(/^## [\s\S]+$/, '## Knowledge quiz: Lesson 1.1\n\n**1.** A report answers one _____ for one audience.'),
              provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
              model: Matchers.string('built-in'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result, error } = await replayAgainstHelpers(message, (helpers) => helpers.run(QUIZ), LEARNER);
          expect(error).toBeUndefined();
          expect(learningHelperReplySchema.parse(result).response).toMatch(/^## /);
        });
    });

    it('answers 404 for a lesson the library does not have', async () => {
      const sent: LearningHelperRequest = { action: 'summarize', query: QUIZ.query, content: QUIZ.content, context: QUIZ.context, lessonId: MISSING_LESSON_ID };
      await pact
        .addSynchronousInteraction(`${COURSES_SUBJECTS.RUN_LEARNING_HELPER} for a lesson no course has`)
        .given(...callerState(LEARNER))
        .withRequest((message) => message.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Lesson not found' } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstHelpers(message, (helpers) => helpers.run(sent), LEARNER);
          expectHttpError(error, 404, 'Lesson not found');
        });
    });
  });

  describe('quizzes and exercises (lesson-practice)', () => {
    const PRACTICE_STATE = {
      courseId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      readingLessonId: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      quizLessonId: '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      exerciseLessonId: '0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
    };
    const PRACTICE_LEARNER: Caller = { id: '1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b', role: 'learner' };
    /** A small text file the gateway stored in the attachments bucket (the provider puts its bytes there). */
    const ATTACHMENT_STATE = {
      attachmentId: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
      name: 'retrospective-notes.txt',
      mediaType: 'text/plain' as const,
      text: 'Retrospective notes: we ran one exercise and agreed two actions.',
      size: 65,
      sha256: '',
    };
    ATTACHMENT_STATE.size = Buffer.byteLength(ATTACHMENT_STATE.text);
    ATTACHMENT_STATE.sha256 = createHash('sha256').update(ATTACHMENT_STATE.text).digest('hex');
    const SUBMITTED_STATE = { ...PRACTICE_STATE, ...ATTACHMENT_STATE, userId: PRACTICE_LEARNER.id, submissionId: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b' };
    const exerciseAttachmentUrlOf = (state: typeof SUBMITTED_STATE) => `/api/lessons/${state.exerciseLessonId}/exercise/submissions/${state.submissionId}/attachments/${state.attachmentId}`;
    const replayAgainstPractice = <T,>(message: SynchronousMessage, call: (practice: LessonPracticeClient) => Promise<T>) =>
      replayAgainstGateway(message, (services, config) => new LessonPracticeClient(services, config), call, PRACTICE_LEARNER);

    it('gets a quiz lesson’s questions and options, never its answers', async () => {
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.GET_QUIZ} for a quiz lesson`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent({ lessonId: PRACTICE_STATE.quizLessonId }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              lessonId: PRACTICE_STATE.quizLessonId,
              courseId: PRACTICE_STATE.courseId,
              passMark: Matchers.decimal(0.7),
              questions: Matchers.eachLike(
                {
                  id: Matchers.regex(/^q[0-9]+$/, 'q1'),
                  text: Matchers.string('Who orders the Product Backlog?'),
                  options: Matchers.eachLike({ id: Matchers.regex(/^[a-z]$/, 'a'), text: Matchers.string('The Product Owner.') }, 2),
                  multiple: Matchers.boolean(false),
                },
                2,
              ),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.getQuiz(PRACTICE_STATE.quizLessonId));
          expect(lessonQuizSchema.parse(result).questions.length).toBeGreaterThan(1);
        });
    });

    it("gets the quiz of a reading lesson: 409 'This lesson is not a quiz'", async () => {
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.GET_QUIZ} for a reading lesson`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent({ lessonId: PRACTICE_STATE.readingLessonId }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 409, message: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPractice(message, (practice) => practice.getQuiz(PRACTICE_STATE.readingLessonId));
          expectHttpError(error, 409, LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ);
        });
    });

    it('grades an attempt, a "select all that apply" answer included, in the caller’s name', async () => {
      const answers = [
        { questionId: 'q1', optionId: 'a' },
        { questionId: 'q2', optionId: 'a' },
        { questionId: 'q3', optionIds: ['a', 'c'] },
      ];
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT} with an answer to each question`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent({ lessonId: PRACTICE_STATE.quizLessonId, answers }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              attemptId: Matchers.uuid('2f3a4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b6c'),
              lessonId: PRACTICE_STATE.quizLessonId,
              courseId: PRACTICE_STATE.courseId,
              correctCount: Matchers.integer(1),
              questionCount: Matchers.integer(3),
              score: Matchers.integer(33),
              passed: Matchers.boolean(false),
              questions: Matchers.eachLike(
                {
                  questionId: Matchers.regex(/^q[0-9]+$/, 'q1'),
                  chosenOptionId: Matchers.regex(/^[a-z]$/, 'a'),
                  correctOptionId: Matchers.regex(/^[a-z]$/, 'b'),
                  chosenOptionIds: Matchers.eachLike(Matchers.regex(/^[a-z]$/, 'a')),
                  correctOptionIds: Matchers.eachLike(Matchers.regex(/^[a-z]$/, 'b')),
                  multiple: Matchers.boolean(false),
                  correct: Matchers.boolean(false),
                  explanation: Matchers.string('One accountable person keeps priorities clear.'),
                },
                3,
              ),
              submittedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-26T08:30:00.000Z'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.submitQuizAttempt({ lessonId: PRACTICE_STATE.quizLessonId, answers }));
          expect(quizAttemptResultSchema.parse(result).questionCount).toBe(3);
        });
    });

    it("refuses an answer to a question the quiz does not have: 400", async () => {
      const answers = [{ questionId: 'q99', optionId: 'a' }];
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT} naming an unknown question`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent({ lessonId: PRACTICE_STATE.quizLessonId, answers }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPractice(message, (practice) => practice.submitQuizAttempt({ lessonId: PRACTICE_STATE.quizLessonId, answers }));
          expectHttpError(error, 400, LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION);
        });
    });

    it('lists the caller’s own attempts at a quiz, newest first', async () => {
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS} of a learner who has not tried it`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent({ lessonId: PRACTICE_STATE.quizLessonId }))
        .withResponse((response) => response.withJSONContent({ response: { attempts: [] } }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.listQuizAttempts({ lessonId: PRACTICE_STATE.quizLessonId }));
          expect(quizAttemptListSchema.parse(result)).toEqual({ attempts: [] });
        });
    });

    it("refuses a learner someone else's attempts: 403", async () => {
      const sent = { lessonId: PRACTICE_STATE.quizLessonId, userId: '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e' };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS} of someone else, by a learner`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPractice(message, (practice) => practice.listQuizAttempts(sent));
          expectHttpError(error, 403, LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS);
        });
    });

    /** Feedback as svc-courses stores it: given by svc-ai's offline check in the pact's state. */
    const feedbackLike = () => ({
      status: Matchers.regex(/^(given|off|unavailable)$/, 'given'),
      language: 'en',
      text: Matchers.string('This is an automatic check of coverage, not a grade.'),
      covered: Matchers.atLeastLike(Matchers.string('One exercise'), 0),
      missing: Matchers.atLeastLike(Matchers.string('One exercise'), 0),
      provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
      model: Matchers.string('built-in'),
    });
    const attachmentLike = (state: { attachmentId: string; name: string; size: number; sha256: string; mediaType: 'text/plain' }) => ({
      attachmentId: state.attachmentId,
      name: state.name,
      mediaType: state.mediaType,
      size: state.size,
      sha256: state.sha256,
    });

    it('stores an exercise submission, in the caller’s name', async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, work: 'We ran the retrospective and agreed two actions.', checkedItems: ['One exercise'] };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE} with written work`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              submissionId: Matchers.uuid('3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d'),
              userId: PRACTICE_LEARNER.id,
              lessonId: PRACTICE_STATE.exerciseLessonId,
              courseId: PRACTICE_STATE.courseId,
              work: sent.work,
              checkedItems: ['One exercise'],
              attachments: [],
              feedback: feedbackLike(),
              submittedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-26T08:30:00.000Z'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.submitExercise(sent));
          expect(exerciseSubmissionSchema.parse(result).courseId).toBe(PRACTICE_STATE.courseId);
        });
    });

    it('stores an exercise submission with a file the gateway put in the attachments bucket', async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, work: '', checkedItems: [], attachments: [attachmentLike(ATTACHMENT_STATE)] };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE} with an attached file and no written work`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(COURSE_PROVIDER_STATES.EXERCISE_ATTACHMENT_STORED, ATTACHMENT_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              submissionId: Matchers.uuid('3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d'),
              userId: PRACTICE_LEARNER.id,
              lessonId: PRACTICE_STATE.exerciseLessonId,
              courseId: PRACTICE_STATE.courseId,
              work: '',
              checkedItems: [],
              attachments: [{ ...attachmentLike(ATTACHMENT_STATE), downloadUrl: Matchers.regex(/^\/api\/lessons\/[0-9a-f-]{36}\/exercise\/submissions\/[0-9a-f-]{36}\/attachments\/[0-9a-f-]{36}$/, `/api/lessons/${PRACTICE_STATE.exerciseLessonId}/exercise/submissions/3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d/attachments/${ATTACHMENT_STATE.attachmentId}`) }],
              feedback: feedbackLike(),
              submittedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-26T08:30:00.000Z'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.submitExercise(sent));
          expect(exerciseSubmissionSchema.parse(result).attachments).toHaveLength(1);
        });
    });

    it('lists the caller’s own submissions to an exercise, with their files and feedback', async () => {
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS} of a learner who submitted a file`)
        .given(COURSE_PROVIDER_STATES.EXERCISE_SUBMITTED, SUBMITTED_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent({ lessonId: PRACTICE_STATE.exerciseLessonId }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              submissions: Matchers.eachLike({
                submissionId: SUBMITTED_STATE.submissionId,
                userId: PRACTICE_LEARNER.id,
                lessonId: PRACTICE_STATE.exerciseLessonId,
                courseId: PRACTICE_STATE.courseId,
                work: Matchers.string('My notes are attached.'),
                checkedItems: Matchers.atLeastLike(Matchers.string('One exercise'), 0),
                attachments: [{ ...attachmentLike(ATTACHMENT_STATE), downloadUrl: exerciseAttachmentUrlOf(SUBMITTED_STATE) }],
                feedback: feedbackLike(),
                submittedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-26T08:30:00.000Z'),
              }),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.listExerciseSubmissions({ lessonId: PRACTICE_STATE.exerciseLessonId }));
          expect(exerciseSubmissionListSchema.parse(result).submissions[0].attachments).toHaveLength(1);
        });
    });

    it('resolves an attachment for its owner', async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, submissionId: SUBMITTED_STATE.submissionId, attachmentId: ATTACHMENT_STATE.attachmentId };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT} by its owner`)
        .given(COURSE_PROVIDER_STATES.EXERCISE_SUBMITTED, SUBMITTED_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ response: attachmentLike(ATTACHMENT_STATE) }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstPractice(message, (practice) => practice.getExerciseAttachment(sent));
          expect(exerciseAttachmentObjectSchema.parse(result).name).toBe(ATTACHMENT_STATE.name);
        });
    });

    it('pages every learner’s submissions to an exercise for an admin', async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, page: 1, pageSize: 10 };
      const reviewer: Caller = { id: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b', role: 'admin' };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS} by an admin`)
        .given(COURSE_PROVIDER_STATES.EXERCISE_SUBMITTED, SUBMITTED_STATE)
        .given(...callerState(reviewer))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              items: Matchers.eachLike({
                submissionId: SUBMITTED_STATE.submissionId,
                userId: PRACTICE_LEARNER.id,
                lessonId: PRACTICE_STATE.exerciseLessonId,
                courseId: PRACTICE_STATE.courseId,
                work: Matchers.string('My notes are attached.'),
                checkedItems: Matchers.atLeastLike(Matchers.string('One exercise'), 0),
                attachments: [{ ...attachmentLike(ATTACHMENT_STATE), downloadUrl: exerciseAttachmentUrlOf(SUBMITTED_STATE) }],
                feedback: feedbackLike(),
                submittedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-26T08:30:00.000Z'),
              }),
              total: Matchers.integer(1),
              page: 1,
              pageSize: 10,
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstGateway(message, (services, config) => new LessonPracticeClient(services, config), (practice) => practice.reviewExerciseSubmissions(sent), reviewer);
          expect(exerciseSubmissionPageSchema.parse(result).items[0].userId).toBe(PRACTICE_LEARNER.id);
        });
    });

    it('refuses a learner the review of everyone’s submissions: 403', async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, page: 1, pageSize: 10 };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS} by a learner`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: LESSON_PRACTICE_MESSAGES.REVIEW_ADMINS_ONLY } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPractice(message, (practice) => practice.reviewExerciseSubmissions(sent));
          expectHttpError(error, 403, LESSON_PRACTICE_MESSAGES.REVIEW_ADMINS_ONLY);
        });
    });

    it('answers 404 for an attachment of someone else’s submission, so ids cannot be probed', async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, submissionId: SUBMITTED_STATE.submissionId, attachmentId: ATTACHMENT_STATE.attachmentId };
      const stranger: Caller = { id: '6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a', role: 'learner' };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT} by another learner`)
        .given(COURSE_PROVIDER_STATES.EXERCISE_SUBMITTED, SUBMITTED_STATE)
        .given(...callerState(stranger))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstGateway(message, (services, config) => new LessonPracticeClient(services, config), (practice) => practice.getExerciseAttachment(sent), stranger);
          expectHttpError(error, 404, EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND);
        });
    });

    it("refuses blank work: 400 'Write your work before submitting'", async () => {
      const sent = { lessonId: PRACTICE_STATE.exerciseLessonId, work: '   ', checkedItems: [] };
      await pact
        .addSynchronousInteraction(`${LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE} with blank work`)
        .given(COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST, PRACTICE_STATE)
        .given(...callerState(PRACTICE_LEARNER))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstPractice(message, (practice) => practice.submitExercise(sent));
          expectHttpError(error, 400, LESSON_PRACTICE_MESSAGES.BLANK_WORK);
        });
    });
  });

  describe('video lessons (admins)', () => {
    const lessonId = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
    const videoCourse = { ...EXISTING_COURSE_STATE, modules: 1, lessonsPerModule: 2, firstLessonId: lessonId, firstLessonType: 'video' };
    const replayAgainstVideos = <T>(message: SynchronousMessage, call: (videos: LessonVideoClient) => Promise<T>) =>
      replayAgainstGateway(message, (services) => new LessonVideoClient(services), call, AS_AUTHOR);
    const courseWithFirstLesson = (firstLesson: Record<string, unknown>) => ({
      response: {
        ...courseSummaryLike({ id: COURSE_ID, title: EXISTING_COURSE_STATE.title, skills: EXISTING_COURSE_STATE.skills }),
        prerequisites: [],
        modules: [{ id: Matchers.uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'), title: Matchers.string('Module 1'), description: Matchers.string('Part 1 of SQL for Reporting.'), lessons: [firstLesson, lessonLike] }],
      },
    });

    it("sets a video lesson's canonical link and answers the course with it", async () => {
      const sent = { courseId: COURSE_ID, lessonId, video: { kind: 'youtube' as const, id: 'dQw4w9WgXcQ' } };
      await pact
        .addSynchronousInteraction(`${LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO} with a YouTube link`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, videoCourse)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent(courseWithFirstLesson({ ...lessonLike, id: lessonId, type: 'video', video: sent.video })))
        .executeTest(async (message) => {
          const { result } = await replayAgainstVideos(message, (videos) => videos.setVideo(sent));
          expect(courseDetailSchema.parse(result).modules[0].lessons[0].video).toEqual(sent.video);
        });
    });

    it('removes a video (null) and answers the course', async () => {
      const sent = { courseId: COURSE_ID, lessonId, video: null };
      await pact
        .addSynchronousInteraction(`${LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO} with null`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, videoCourse)
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent(courseWithFirstLesson({ ...lessonLike, id: lessonId, type: 'video' })))
        .executeTest(async (message) => {
          const { result } = await replayAgainstVideos(message, (videos) => videos.setVideo(sent));
          expect(courseDetailSchema.parse(result).modules[0].lessons[0].video).toBeUndefined();
        });
    });

    it(`refuses a video on a reading lesson: 409 '${VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE}'`, async () => {
      const sent = { courseId: COURSE_ID, lessonId, video: { kind: 'vimeo' as const, id: '76979871' } };
      await pact
        .addSynchronousInteraction(`${LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO} for a reading lesson`)
        .given(COURSE_PROVIDER_STATES.COURSE_EXISTS, { ...videoCourse, firstLessonType: 'reading' })
        .given(...callerState(AS_AUTHOR))
        .withRequest((request) => request.withJSONContent(sent))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 409, message: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstVideos(message, (videos) => videos.setVideo(sent));
          expectHttpError(error, 409, VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE);
        });
    });
  });
});
